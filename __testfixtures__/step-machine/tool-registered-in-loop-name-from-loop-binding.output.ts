import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const CLEANUPS = [
  { name: 'purge_cache', target: 'cache' },
  { name: 'purge_logs', target: 'logs' },
];

const server = new McpServer({ name: 'janitor', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

for (const cleanup of CLEANUPS) {
  type ToolState = { step: 'purge' };
  server.registerTool(cleanup.name, { inputSchema: z.object({ region: z.string() }) }, async ({ region }, ctx) => {
    let state = await mrtrState.resume<ToolState>(ctx, cleanup.name, { region });
    state ??= { step: 'purge' };
    const purgeRequest: ElicitRequestFormParams = {
      message: `Purge the ${cleanup.target} of ${region}?`,
      requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
    };
    const answer = elicitAnswer(ctx, 'purge', purgeRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          purge: inputRequired.elicit(purgeRequest),
        },
        requestState: await mrtrState.mint(ctx, cleanup.name, { region }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.purge !== true) {
      return { content: [{ type: 'text', text: `${cleanup.target} of ${region} kept` }] };
    }
    return { content: [{ type: 'text', text: `${cleanup.target} of ${region} purged` }] };
  });
}
