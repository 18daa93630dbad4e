// A question raced against another promise: under 2026-07-28 nothing waits for the client, so the
// race goes and its other members with it. A member that only starts a timer settling itself goes
// (here setTimeout of node:timers/promises); one whose evaluation does more (watchdog() records the
// call) would lose that, so its handler stays as it was, reported.
import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'races', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const watched: string[] = [];

function watchdog(id: string): Promise<ElicitResult> {
  watched.push(id);
  return new Promise((resolve) => setTimeout(() => resolve({ action: 'cancel' }), 30_000));
}

server.registerTool(
  'confirm-delete',
  { description: 'Delete after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'confirm-delete': the rewrite would drop `watchdog(id)`, raced against the question (nothing waits for the client under 2026-07-28), and evaluating it does more than start a timer
    const answer = await Promise.race([
      ctx.mcpReq.elicitInput({ mode: 'form', message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }),
      watchdog(id),
    ]);
    return { content: [{ type: 'text', text: `${answer.action} (${watched.length} watched)` }] };
  },
);

type ConfirmArchiveState = { step: 'ok' };
server.registerTool(
  'confirm-archive',
  { description: 'Archive after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume<ConfirmArchiveState>(ctx, 'confirm-archive', { id });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = { mode: 'form', message: `Archive ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'confirm-archive', { id }, state),
      });
    }
    return { content: [{ type: 'text', text: `archive: ${answer.action}` }] };
  },
);
