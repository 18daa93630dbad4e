import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shipping', version: '1.0.0' });

async function quoteShipping(weightKg: number): Promise<{ carrier: string; priceCents: number }> {
  return { carrier: 'post', priceCents: Math.round(weightKg * 350) };
}

server.registerTool(
  'ship-parcel',
  { description: 'Ship a parcel', inputSchema: z.object({ weightKg: z.number() }) },
  async ({ weightKg }, ctx) => {
    const quote = await quoteShipping(weightKg);
    const accept = await ctx.mcpReq.elicitInput({
      message: `Ship with ${quote.carrier} for ${quote.priceCents / 100} EUR?`,
      requestedSchema: { type: 'object', properties: { ship: { type: 'boolean' } }, required: ['ship'] },
    });
    if (accept.action !== 'accept') return { content: [{ type: 'text', text: 'Not shipped' }] };
    return { content: [{ type: 'text', text: `Shipped with ${quote.carrier}, charged ${quote.priceCents} cents` }] };
  },
);
