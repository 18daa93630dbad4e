import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'bank', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const auditLog: string[] = [];

async function fetchBalance(account: string): Promise<number> {
  auditLog.push(`balance read for ${account}`);
  return 500;
}

type WithdrawState = { step: 'overdraft'; balance: number };
server.registerTool(
  'withdraw',
  { description: 'Withdraw money', inputSchema: z.object({ account: z.string(), amount: z.number() }) },
  async ({ account, amount }, ctx) => {
    const resumed = await mrtrState.resume<WithdrawState>(ctx, 'withdraw', { account, amount });
    let balance: number;
    if (resumed === undefined) {
      balance = await fetchBalance(account);
    } else {
      ({ balance } = resumed);
    }
    if (balance < amount) {
      let state = resumed;
      state ??= { step: 'overdraft', balance };
      const overdraftRequest: ElicitRequestFormParams = {
        message: `Balance is ${balance}. Overdraw ${account} by ${amount - balance}?`,
        requestedSchema: { type: 'object', properties: { overdraw: { type: 'boolean' } }, required: ['overdraw'] },
      };
      const overdraft = elicitAnswer(ctx, 'overdraft', overdraftRequest);
      if (overdraft === undefined) {
        return inputRequired({
          inputRequests: {
            overdraft: inputRequired.elicit(overdraftRequest),
          },
          requestState: await mrtrState.mint(ctx, 'withdraw', { account, amount }, state),
        });
      }
      if (overdraft.action !== 'accept' || overdraft.content?.overdraw !== true) {
        return { content: [{ type: 'text', text: 'Withdrawal cancelled' }] };
      }
    }
    auditLog.push(`withdrew ${amount} from ${account}`);
    return { content: [{ type: 'text', text: `Withdrew ${amount}; balance was ${balance}` }] };
  },
);
