import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmIfLongParams, confirmIfLongOutcome } from './lib/confirm.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const stored: string[] = [];

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type StoreState = { step: 'confirm_if_long' };
server.registerTool(
  'store',
  { description: 'Store a note', inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    let state = await mrtrState.resume<StoreState>(ctx, 'store', { body });
    state ??= { step: 'confirm_if_long' };
    const confirmIfLongRequest = confirmIfLongParams(body);
    const confirmIfLongAnswer = 'ask' in confirmIfLongRequest ? elicitAnswer(ctx, 'confirm_if_long', confirmIfLongRequest.ask) : undefined;
    if ('ask' in confirmIfLongRequest && confirmIfLongAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_if_long: inputRequired.elicit(confirmIfLongRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'store', { body }, state),
      });
    }
    if (!('done' in confirmIfLongRequest ? confirmIfLongRequest.done : confirmIfLongOutcome(confirmIfLongAnswer!))) return { content: [{ type: 'text', text: 'Not stored' }] };
    stored.push(body);
    return { content: [{ type: 'text', text: 'Stored' }] };
  },
);
