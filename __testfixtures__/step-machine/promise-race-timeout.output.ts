import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'race', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ConfirmShutdownState = { step: 'ok' };
server.registerTool(
  'confirm-shutdown',
  { description: 'Shut a machine down', inputSchema: z.object({ host: z.string() }) },
  async ({ host }, ctx) => {
    let state = await mrtrState.resume<ConfirmShutdownState>(ctx, 'confirm-shutdown', { host });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = {
      message: `Shut down ${host}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'confirm-shutdown', { host }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${host} stays up` }] };
    return { content: [{ type: 'text', text: `${host} is shutting down` }] };
  },
);
