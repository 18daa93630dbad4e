import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'bank', version: '1.0.0' });

export const auditLog: string[] = [];

async function fetchBalance(account: string): Promise<number> {
  auditLog.push(`balance read for ${account}`);
  return 500;
}

server.registerTool(
  'withdraw',
  { description: 'Withdraw money', inputSchema: z.object({ account: z.string(), amount: z.number() }) },
  async ({ account, amount }, ctx) => {
    const balance = await fetchBalance(account);
    if (balance < amount) {
      // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'withdraw': code before the block that asks has side effects and would run again on every leg
      const overdraft = await ctx.mcpReq.elicitInput({
        message: `Balance is ${balance}. Overdraw ${account} by ${amount - balance}?`,
        requestedSchema: { type: 'object', properties: { overdraw: { type: 'boolean' } }, required: ['overdraw'] },
      });
      if (overdraft.action !== 'accept' || overdraft.content?.overdraw !== true) {
        return { content: [{ type: 'text', text: 'Withdrawal cancelled' }] };
      }
    }
    auditLog.push(`withdrew ${amount} from ${account}`);
    return { content: [{ type: 'text', text: `Withdrew ${amount}; balance was ${balance}` }] };
  },
);
