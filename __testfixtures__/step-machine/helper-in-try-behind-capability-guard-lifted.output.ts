import { McpServer, inputRequired, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

let current: McpServer | null = null;

export function useServerForQuestions(server: McpServer): void {
  current = server;
}

/** The request confirmAction() asks with, or its result when it returns without asking (its code before the question). */
function confirmActionParams(ctx: ServerContext, message: string): { ask: ElicitRequestFormParams } | { done: { confirmed: boolean; reason?: string } } {
  if (!current) return { done: { confirmed: true } };
  const caps = clientCapabilities(ctx) ?? current.server.getClientCapabilities();
  if (!caps?.elicitation) return { done: { confirmed: true } };
  try {
    return { ask: {
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Go ahead' } }, required: ['ok'] },
    } };
  } catch {
    // A client that cannot answer does not block the action.
    return { done: { confirmed: true } };
  }
}

/** What confirmAction() does with the answer (its code after the question). */
function confirmActionOutcome(reply: ElicitResult): { confirmed: boolean; reason?: string } {
  try {
    if (reply.action === 'accept' && reply.content?.ok === true) return { confirmed: true };
    return { confirmed: false, reason: reply.action === 'decline' ? 'declined' : 'cancelled' };
  } catch {
    // A client that cannot answer does not block the action.
    return { confirmed: true };
  }
}

const server = new McpServer({ name: 'records', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
useServerForQuestions(server);

export const removed: string[] = [];

type RemoveRecordState = { step: 'confirm_action'; confirmActionRequest: ReturnType<typeof confirmActionParams> };
server.registerTool(
  'remove_record',
  { description: 'Remove a record', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume<RemoveRecordState>(ctx, 'remove_record', { id });
    if (state === undefined) {
      const confirmActionRequest = confirmActionParams(ctx, `Remove record ${id}?`);
      state = { step: 'confirm_action', confirmActionRequest };
    }
    const { confirmActionRequest } = state;
    const confirmActionAnswer = 'ask' in confirmActionRequest ? elicitAnswer(ctx, 'confirm_action', confirmActionRequest.ask) : undefined;
    if ('ask' in confirmActionRequest && confirmActionAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_action: inputRequired.elicit(confirmActionRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'remove_record', { id }, state),
      });
    }
    const { confirmed, reason } = 'done' in confirmActionRequest ? confirmActionRequest.done : confirmActionOutcome(confirmActionAnswer!);
    if (!confirmed) return { content: [{ type: 'text', text: `Not removed: ${reason}` }] };
    removed.push(id);
    return { content: [{ type: 'text', text: `Removed ${id}` }] };
  },
);
