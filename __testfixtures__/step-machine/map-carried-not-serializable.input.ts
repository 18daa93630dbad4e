import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'catalog', version: '1.0.0' });

async function loadPrices(category: string): Promise<Map<string, number>> {
  return new Map([[`${category}-basic`, 5]]);
}

server.registerTool(
  'pick-product',
  { description: 'Pick a product from a category', inputSchema: z.object({ category: z.string() }) },
  async ({ category }, ctx) => {
    const prices = await loadPrices(category);
    const pick = await ctx.mcpReq.elicitInput({
      message: `Pick one of: ${[...prices.keys()].join(', ')}`,
      requestedSchema: { type: 'object', properties: { product: { type: 'string' } }, required: ['product'] },
    });
    if (pick.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Nothing picked' }] };
    }
    const product = String(pick.content?.product);
    return { content: [{ type: 'text', text: `${product}: ${prices.get(product) ?? 'unknown'} EUR` }] };
  },
);
