import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'transfers', version: '1.0.0' });

server.registerTool(
  'transfer',
  { description: 'Transfer money', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
  async ({ amount, to }, ctx) => {
    if (amount > 1000) {
      const check = await ctx.mcpReq.elicitInput({
        message: `Transfer ${amount} EUR to ${to}? Type the amount to confirm.`,
        requestedSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
      });
      if (check.action !== 'accept' || check.content?.amount !== amount) {
        return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
      }
    }
    return { content: [{ type: 'text', text: `Sent ${amount} EUR to ${to}` }] };
  },
);
