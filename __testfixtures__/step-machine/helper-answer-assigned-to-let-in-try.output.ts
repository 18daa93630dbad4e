import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type Gate = { ok: true } | { ok: false; reason: string };

/** The request confirmWrite() asks with, or its result when it returns without asking (its code before the question). */
function confirmWriteParams(operation: string): { ask: ElicitRequestFormParams } | { done: Gate } {
  try {
    return { ask: {
      message: `Approve: ${operation}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    } };
  } catch {
    return { done: { ok: false, reason: 'this client cannot ask for approval' } };
  }
}

/** What confirmWrite() does with the answer (its code after the question). */
function confirmWriteOutcome(reply: { action: string; content?: Record<string, unknown> }): Gate {
  if (reply.action === 'accept' && reply.content?.confirm === true) return { ok: true };
  return { ok: false, reason: `not approved (${reply.action})` };
}

const server = new McpServer({ name: 'writes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type DeleteRowState = { step: 'gate' };
server.registerTool('delete_row', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  let state = await mrtrState.resume<DeleteRowState>(ctx, 'delete_row', { id });
  state ??= { step: 'gate' };
  const gateRequest = confirmWriteParams(`delete row ${id}`);
  const gateAnswer = 'ask' in gateRequest ? elicitAnswer(ctx, 'gate', gateRequest.ask) : undefined;
  if ('ask' in gateRequest && gateAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        gate: inputRequired.elicit(gateRequest.ask),
      },
      requestState: await mrtrState.mint(ctx, 'delete_row', { id }, state),
    });
  }
  const gate = 'done' in gateRequest ? gateRequest.done : confirmWriteOutcome(gateAnswer!);
  if (!gate.ok) return { content: [{ type: 'text', text: gate.reason }], isError: true };
  return { content: [{ type: 'text', text: `Deleted ${id}` }] };
});
