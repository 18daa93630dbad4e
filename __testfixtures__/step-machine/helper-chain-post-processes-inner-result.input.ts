import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shop', version: '1.0.0' });

async function askAmount(ctx: ServerContext, currency: string): Promise<number | undefined> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Amount to refund in ${currency}?`,
    requestedSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  });
  return answer.action === 'accept' ? Number(answer.content?.amount) : undefined;
}

async function askRefundCents(ctx: ServerContext, currency: string, orderId: string): Promise<number | undefined> {
  const label = currency.toUpperCase();
  const amount = await askAmount(ctx, label);
  if (amount === undefined) return undefined;
  return Math.round(amount * 100);
}

server.registerTool(
  'refund',
  { description: 'Refund part of an order', inputSchema: z.object({ orderId: z.string(), currency: z.string() }) },
  async ({ orderId, currency }, ctx) => {
    const cents = await askRefundCents(ctx, currency, orderId);
    if (cents === undefined) {
      return { content: [{ type: 'text', text: `No refund for ${orderId}` }] };
    }
    return { content: [{ type: 'text', text: `Refunded ${cents} cents on ${orderId}` }] };
  },
);
