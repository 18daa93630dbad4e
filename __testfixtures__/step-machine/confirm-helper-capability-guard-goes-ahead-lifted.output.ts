import { McpServer, inputRequired, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

const server = new McpServer({ name: 'records', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
const records = new Map<string, string>();

/** The request requestConfirmation() asks with, or its result when it returns without asking (its code before the question). */
function requestConfirmationParams(ctx: ServerContext, message: string): { ask: ElicitRequestFormParams } | { done: { confirmed: boolean } } {
  if (!(clientCapabilities(ctx) ?? server.server.getClientCapabilities())?.elicitation) return { done: { confirmed: true } };
  console.error(`asking: ${message}`);
  return { ask: {
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  } };
}

/** What requestConfirmation() does with the answer (its code after the question). */
function requestConfirmationOutcome(answer: ElicitResult): { confirmed: boolean } {
  return { confirmed: answer.action === 'accept' && answer.content?.confirm === true };
}

type DeleteRecordState = { step: 'confirmation'; confirmationRequest: ReturnType<typeof requestConfirmationParams> };
server.registerTool('delete_record', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  let state = await mrtrState.resume<DeleteRecordState>(ctx, 'delete_record', { id });
  if (state === undefined) {
    const confirmationRequest = requestConfirmationParams(ctx, `Delete record ${id}?`);
    state = { step: 'confirmation', confirmationRequest };
  }
  const { confirmationRequest } = state;
  const confirmationAnswer = 'ask' in confirmationRequest ? elicitAnswer(ctx, 'confirmation', confirmationRequest.ask) : undefined;
  if ('ask' in confirmationRequest && confirmationAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        confirmation: inputRequired.elicit(confirmationRequest.ask),
      },
      requestState: await mrtrState.mint(ctx, 'delete_record', { id }, state),
    });
  }
  const { confirmed } = 'done' in confirmationRequest ? confirmationRequest.done : requestConfirmationOutcome(confirmationAnswer!);
  if (!confirmed) return { content: [{ type: 'text', text: 'Kept' }] };
  records.delete(id);
  return { content: [{ type: 'text', text: `Deleted ${id}` }] };
});
