import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pricing', version: '1.0.0' });

async function basePrice(plan: string): Promise<number> {
  return plan === 'pro' ? 20 : 10;
}

server.registerTool(
  'quote',
  { description: 'Quote a subscription price', inputSchema: z.object({ plan: z.string(), seats: z.number() }) },
  async ({ plan, seats }, ctx) => {
    let total = (await basePrice(plan)) * seats;
    const coupon = await ctx.mcpReq.elicitInput({
      message: `Total is ${total} EUR. Do you have a coupon code?`,
      requestedSchema: { type: 'object', properties: { code: { type: 'string' } } },
    });
    if (coupon.action === 'accept' && coupon.content?.code === 'SAVE10') {
      total = Math.round(total * 0.9);
    }
    return { content: [{ type: 'text', text: `${seats} x ${plan}: ${total} EUR` }] };
  },
);
