import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'deployer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RollbackState = { step: 'ok' };
server.registerTool(
  'rollback',
  { description: 'Roll back a release', inputSchema: z.object({ release: z.string() }) },
  async ({ release }, ctx) => {
    const resumed = await mrtrState.resume<RollbackState>(ctx, 'rollback', { release });
    try {
      let state = resumed;
      state ??= { step: 'ok' };
      const okRequest: ElicitRequestFormParams = {
        message: `Roll back ${release}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      };
      const answer = elicitAnswer(ctx, 'ok', okRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            ok: inputRequired.elicit(okRequest),
          },
          requestState: await mrtrState.mint(ctx, 'rollback', { release }, state),
        });
      }
      if (answer.action !== 'accept') {
        return { content: [{ type: 'text', text: 'Rollback skipped' }] };
      }
      return { content: [{ type: 'text', text: `Rolled back ${release}` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `Rollback failed: ${String(error)}` }], isError: true };
    }
  },
);
