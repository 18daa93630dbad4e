// Helpers declare values before their question that only one half of the lifted helper reads: the
// request builder leaves out what only the outcome reads and the outcome what only the request reads,
// so neither declares a local (or takes a parameter) it never uses (noUnusedLocals, noUnusedParameters).
import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'flags', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirmChange() asks with, or its result when it returns without asking (its code before the question). */
function confirmChangeParams(environment: string): { ask: ElicitRequestFormParams } | { done: boolean } {
  if (environment !== 'production') return { done: true };
  return { ask: {
    message: `Change the flag? Type its key.`,
    requestedSchema: { type: 'object', properties: { typed: { type: 'string' } }, required: ['typed'] },
  } };
}

/** What confirmChange() does with the answer (its code after the question). */
function confirmChangeOutcome(flag: string, environment: string, answer: ElicitResult): boolean {
  const expected = `${environment}/${flag}`;
  return answer.action === 'accept' && answer.content?.typed === expected;
}

/** The request askName() asks with (its code before the question). */
function askNameParams(team: string): ElicitRequestFormParams {
  const label = `Team ${team}`;
  return {
    message: `${label}: the name?`,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  };
}

/** What askName() does with the answer (its code after the question). */
function askNameOutcome(fallback: string, answer: ElicitResult) {
  const hint = fallback.toUpperCase();
  return answer.action === 'accept' ? String(answer.content?.name) : hint;
}

type ToggleFlagState =
  | { step: 'confirm_change' }
  | { step: 'name' };
server.registerTool(
  'toggle_flag',
  { description: 'Toggle a flag in one environment', inputSchema: z.object({ flag: z.string(), environment: z.string() }) },
  async ({ flag, environment }, ctx) => {
    let state = await mrtrState.resume<ToggleFlagState>(ctx, 'toggle_flag', { flag, environment });
    state ??= { step: 'confirm_change' };
    if (state.step === 'confirm_change') {
      const confirmChangeRequest = confirmChangeParams(environment);
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
      state = { step: 'name' };
    }
    const nameRequest: ElicitRequestFormParams = askNameParams(flag);
    const nameAnswer = elicitAnswer(ctx, 'name', nameRequest);
    if (nameAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit(nameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'toggle_flag', { flag, environment }, state),
      });
    }
    const name = askNameOutcome(environment, nameAnswer);
    return { content: [{ type: 'text', text: `${flag} toggled in ${environment} by ${name}` }] };
  },
);
