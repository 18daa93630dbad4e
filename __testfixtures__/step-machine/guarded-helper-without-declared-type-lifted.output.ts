import { McpServer, inputRequired, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

class Journal {
  readonly entries = new Map<number, string>([[1, 'first'], [2, 'second']]);

  constructor(readonly server: McpServer) {}
}

// Takes the app object, not the request: the question goes through the server it holds.
/** The request confirmRemoval() asks with, or its result when it returns without asking (its code before the question). */
function confirmRemovalParams(ctx: ServerContext, app: Journal, message: string): { ask: ElicitRequestFormParams } | { done: boolean } {
  const capabilities = clientCapabilities(ctx) ?? app.server.server.getClientCapabilities();
  if (!capabilities?.elicitation) {
    return { done: true };
  }
  return { ask: {
    message,
    requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
  } };
}

/** What confirmRemoval() does with the answer (its code after the question). */
function confirmRemovalOutcome(result: ElicitResult) {
  return result.action === 'accept' && result.content?.confirmed === true;
}

const server = new McpServer({ name: 'journal', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
const app = new Journal(server);

type DeleteEntryState = { step: 'confirmed'; entry: string };
server.registerTool(
  'delete_entry',
  { description: 'Delete a journal entry', inputSchema: z.object({ id: z.number() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume<DeleteEntryState>(ctx, 'delete_entry', { id });
    if (state === undefined) {
      const entry = app.entries.get(id);
      if (!entry) return { content: [{ type: 'text', text: `No entry ${id}` }], isError: true };
      state = { step: 'confirmed', entry };
    }
    const { entry } = state;
    const confirmedRequest = confirmRemovalParams(ctx, app, `Delete "${entry}"?`);
    const confirmedAnswer = 'ask' in confirmedRequest ? elicitAnswer(ctx, 'confirmed', confirmedRequest.ask) : undefined;
    if ('ask' in confirmedRequest && confirmedAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirmed: inputRequired.elicit(confirmedRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'delete_entry', { id }, state),
      });
    }
    const confirmed = 'done' in confirmedRequest ? confirmedRequest.done : confirmRemovalOutcome(confirmedAnswer!);
    if (!confirmed) return { content: [{ type: 'text', text: 'Deletion cancelled' }] };
    app.entries.delete(id);
    return { content: [{ type: 'text', text: `Deleted "${entry}"` }] };
  },
);
