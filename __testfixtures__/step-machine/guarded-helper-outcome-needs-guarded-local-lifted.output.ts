import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'flags', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirmChange() asks with, or its result when it returns without asking (its code before the question). */
function confirmChangeParams(flag: string, environment: string): { ask: ElicitRequestFormParams } | { done: boolean } {
  const key = `${environment}/${flag}`;
  if (environment !== 'production') return { done: true };
  return { ask: {
    message: `Change ${key}?`,
    requestedSchema: { type: 'object', properties: { typed: { type: 'string' } }, required: ['typed'] },
  } };
}

/** What confirmChange() does with the answer (its code after the question). */
function confirmChangeOutcome(flag: string, environment: string, answer: ElicitResult): boolean {
  const key = `${environment}/${flag}`;
  // The outcome needs `key`, declared among the guards: it is pure, so the outcome declares it again.
  return answer.action === 'accept' && answer.content?.typed === key;
}

type ToggleFlagState = { step: 'confirm_change' };
server.registerTool(
  'toggle_flag',
  { description: 'Toggle a flag in one environment', inputSchema: z.object({ flag: z.string(), environment: z.string() }) },
  async ({ flag, environment }, ctx) => {
    let state = await mrtrState.resume<ToggleFlagState>(ctx, 'toggle_flag', { flag, environment });
    state ??= { step: 'confirm_change' };
    const confirmChangeRequest = confirmChangeParams(flag, environment);
    const confirmChangeAnswer = 'ask' in confirmChangeRequest ? elicitAnswer(ctx, 'confirm_change', confirmChangeRequest.ask) : undefined;
    if ('ask' in confirmChangeRequest && confirmChangeAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_change: inputRequired.elicit(confirmChangeRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'toggle_flag', { flag, environment }, state),
      });
    }
    if (!('done' in confirmChangeRequest ? confirmChangeRequest.done : confirmChangeOutcome(flag, environment, confirmChangeAnswer!))) {
      return { content: [{ type: 'text', text: `${flag} left as it was` }] };
    }
    return { content: [{ type: 'text', text: `${flag} toggled in ${environment}` }] };
  },
);
