// Request options 2026-07-28 has no place for (the client answers on its own time): options that
// only hold values, signals and callbacks go with an info note; options computed by a call with
// effects (nextTimeout() counts the questions asked) are not dropped with their code: that handler
// stays as it was, reported.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'confirmations', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

let asked = 0;

function nextTimeout(): number {
  asked++;
  return 60_000 * asked;
}

server.registerTool(
  'confirm-delete',
  { description: 'Delete after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'confirm-delete': the rewrite would drop its request options (`{ timeout: nextTimeout() }`), which 2026-07-28 has no place for, and evaluating that code has effects
    const answer = await ctx.mcpReq.elicitInput(
      { mode: 'form', message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      { timeout: nextTimeout() },
    );
    return { content: [{ type: 'text', text: `${answer.action} after ${asked} questions` }] };
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
