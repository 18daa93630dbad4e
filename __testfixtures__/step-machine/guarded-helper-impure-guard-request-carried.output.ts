import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'flags', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const PROTECTED = new Set(['production']);
const confirmedOnce = new Set<string>();

/** The request confirmChange() asks with, or its result when it returns without asking (its code before the question). */
function confirmChangeParams(flag: string, environment: string): { ask: ElicitRequestFormParams } | { done: boolean } {
  // Forgetting the flag is a side effect: the request is built once, and travels in the state.
  if (!PROTECTED.has(environment) || confirmedOnce.delete(flag)) return { done: true };
  return { ask: {
    message: `Change ${flag} in ${environment}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  } };
}

/** What confirmChange() does with the answer (its code after the question). */
function confirmChangeOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.confirm === true;
}

type ToggleFlagState = { step: 'confirm_change'; confirmChangeRequest: ReturnType<typeof confirmChangeParams> };
server.registerTool(
  'toggle_flag',
  { description: 'Toggle a flag in one environment', inputSchema: z.object({ flag: z.string(), environment: z.string() }) },
  async ({ flag, environment }, ctx) => {
    let state = await mrtrState.resume<ToggleFlagState>(ctx, 'toggle_flag', { flag, environment });
    if (state === undefined) {
      const confirmChangeRequest = confirmChangeParams(flag, environment);
      state = { step: 'confirm_change', confirmChangeRequest };
    }
    const { confirmChangeRequest } = state;
    const confirmChangeAnswer = 'ask' in confirmChangeRequest ? elicitAnswer(ctx, 'confirm_change', confirmChangeRequest.ask) : undefined;
    if ('ask' in confirmChangeRequest && confirmChangeAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_change: inputRequired.elicit(confirmChangeRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'toggle_flag', { flag, environment }, state),
      });
    }
    if (!('done' in confirmChangeRequest ? confirmChangeRequest.done : confirmChangeOutcome(confirmChangeAnswer!))) {
      return { content: [{ type: 'text', text: `${flag} left as it was` }] };
    }
    return { content: [{ type: 'text', text: `${flag} toggled in ${environment}` }] };
  },
);
