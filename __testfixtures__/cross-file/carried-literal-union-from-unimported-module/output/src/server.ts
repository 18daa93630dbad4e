import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { severityOf } from './levels.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'deploys', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type DeployState = { step: 'ok'; severity: 'low' | 'high' };
server.registerTool(
  'deploy',
  { description: 'Deploy a build', inputSchema: z.object({ size: z.number() }) },
  async ({ size }, ctx) => {
    let state = await mrtrState.resume<DeployState>(ctx, 'deploy', { size });
    if (state === undefined) {
      const severity = severityOf(size);
      state = { step: 'ok', severity };
    }
    const { severity } = state;
    const okRequest: ElicitRequestFormParams = {
      mode: 'form',
      message: `Deploy a ${severity} change?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'deploy', { size }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
    return { content: [{ type: 'text', text: `deployed (${severity})` }] };
  },
);

export { server };
