// The timer of a Promise.race around a question goes with the race: the module-level declarations
// only it read (the timeout value, the timer function, the type of what it resolves with) go too,
// and so does an import only they read. What something else still reads stays.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'race', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const RETRY_DELAY_MS = 500;

function backoff(attempt: number): number {
  return RETRY_DELAY_MS * 2 ** attempt;
}

type ConfirmDeployState = { step: 'ok' };
server.registerTool(
  'confirm-deploy',
  { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    let state = await mrtrState.resume<ConfirmDeployState>(ctx, 'confirm-deploy', { service });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = {
      message: `Deploy ${service}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'confirm-deploy', { service }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${service} not deployed` }] };
    return { content: [{ type: 'text', text: `${service} deploying (retry after ${backoff(0)} ms)` }] };
  },
);
