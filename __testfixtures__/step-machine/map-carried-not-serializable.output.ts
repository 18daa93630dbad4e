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
    // @mcp-mrtr-migrate state-not-serializable: prices in tool handler 'pick-product' is live across the question but is a Map, which does not survive the JSON round trip through requestState
    const prices = await loadPrices(category);
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler pick-product left as it was: prices cannot travel in requestState
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
