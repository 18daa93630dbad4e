import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'transfers', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type TransferState = { step: 'check' };
server.registerTool(
  'transfer',
  { description: 'Transfer money', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
  async ({ amount, to }, ctx) => {
    const resumed = await mrtrState.resume<TransferState>(ctx, 'transfer', { amount, to });
    if (amount > 1000) {
      let state = resumed;
      state ??= { step: 'check' };
      const checkRequest: ElicitRequestFormParams = {
        message: `Transfer ${amount} EUR to ${to}? Type the amount to confirm.`,
        requestedSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      };
      const check = elicitAnswer(ctx, 'check', checkRequest);
      if (check === undefined) {
        return inputRequired({
          inputRequests: {
            check: inputRequired.elicit(checkRequest),
          },
          requestState: await mrtrState.mint(ctx, 'transfer', { amount, to }, state),
        });
      }
      if (check.action !== 'accept' || check.content?.amount !== amount) {
        return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
      }
    }
    return { content: [{ type: 'text', text: `Sent ${amount} EUR to ${to}` }] };
  },
);
