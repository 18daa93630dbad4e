import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

const LIMIT = 100;

// No declared return type, and what it returns without asking is an object: its type cannot be spelled.
async function approveAmount(ctx: ServerContext, amount: number) {
  if (amount < LIMIT) return { approved: true, by: 'policy' };
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper approveAmount(), called by tool handler pay; it is not lifted into that handler because it can return without asking, and the type of what it returns cannot be written down (declare its return type)
  const answer = await ctx.mcpReq.elicitInput({
    message: `Approve a payment of ${amount}?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  });
  return { approved: answer.action === 'accept' && answer.content?.approve === true, by: 'user' };
}

server.registerTool(
  'pay',
  { description: 'Pay an amount', inputSchema: z.object({ amount: z.number() }) },
  async ({ amount }, ctx) => {
    const verdict = await approveAmount(ctx, amount);
    return { content: [{ type: 'text', text: verdict.approved ? `Paid (${verdict.by})` : 'Not paid' }] };
  },
);
