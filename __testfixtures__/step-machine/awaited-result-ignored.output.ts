import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notices', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ShowTermsState = { step: 'confirm' };
server.registerTool(
  'show-terms',
  { description: 'Show the terms before continuing', inputSchema: z.object({ version: z.string() }) },
  async ({ version }, ctx) => {
    let state = await mrtrState.resume<ShowTermsState>(ctx, 'show-terms', { version });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Terms ${version} changed. Press OK to continue.`,
      requestedSchema: { type: 'object', properties: {} },
    };
    const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (confirmAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'show-terms', { version }, state),
      });
    }
    return { content: [{ type: 'text', text: `Terms ${version} shown` }] };
  },
);
