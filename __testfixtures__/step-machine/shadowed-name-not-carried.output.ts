// A value read by the first question only, whose name comes back later in code that declares its
// own: a `catch (error)` binding and an arrow function's parameter. Those read their own bindings,
// not the handler's value, so the value is not carried into the last step (where it would be an
// unused local, which noUnusedLocals rejects).
import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'incidents', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function lastError(service: string): Promise<string> {
  return `${service}: timeout`;
}

async function closeIncident(service: string, notes: string[]): Promise<void> {
  if (notes.length === 0) throw new Error(`nothing to close for ${service}`);
}

type CloseIncidentState =
  | { step: 'cause'; error: string }
  | { step: 'follow_up'; cause: ElicitResult };
server.registerTool('close-incident', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  let state = await mrtrState.resume<CloseIncidentState>(ctx, 'close-incident', { service });
  if (state === undefined) {
    const error = await lastError(service);
    state = { step: 'cause', error };
  }
  if (state.step === 'cause') {
    const { error } = state;
    const causeRequest: ElicitRequestFormParams = {
      message: `The last error was "${error}". What caused it?`,
      requestedSchema: { type: 'object', properties: { cause: { type: 'string' } }, required: ['cause'] },
    };
    const cause = elicitAnswer(ctx, 'cause', causeRequest);
    if (cause === undefined) {
      return inputRequired({
        inputRequests: {
          cause: inputRequired.elicit(causeRequest),
        },
        requestState: await mrtrState.mint(ctx, 'close-incident', { service }, state),
      });
    }
    state = { step: 'follow_up', cause };
  }
  const { cause } = state;
  const followUpRequest: ElicitRequestFormParams = {
    message: `Follow-up actions for ${String(cause.content?.cause)}? (comma-separated)`,
    requestedSchema: { type: 'object', properties: { actions: { type: 'string' } } },
  };
  const followUp = elicitAnswer(ctx, 'follow_up', followUpRequest);
  if (followUp === undefined) {
    return inputRequired({
      inputRequests: {
        follow_up: inputRequired.elicit(followUpRequest),
      },
      requestState: await mrtrState.mint(ctx, 'close-incident', { service }, state),
    });
  }
  const notes = String(followUp.content?.actions ?? '').split(',').map((error) => error.trim()).filter(Boolean);
  try {
    await closeIncident(service, [String(cause.content?.cause ?? ''), ...notes]);
    return { content: [{ type: 'text', text: `Closed ${service}` }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: `Not closed: ${String(error)}` }] };
  }
});
