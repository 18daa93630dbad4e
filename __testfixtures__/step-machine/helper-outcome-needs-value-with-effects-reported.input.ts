import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'orders', version: '1.0.0' });

let sequence = 0;

async function confirmOrder(ctx: ServerContext, item: string): Promise<string> {
  // Numbering the order is a side effect, and the answer is read against that number.
  const reference = `order-${++sequence}`;
  const answer = await ctx.mcpReq.elicitInput({
    message: `Place ${reference} for ${item}?`,
    requestedSchema: { type: 'object', properties: { place: { type: 'boolean' } }, required: ['place'] },
  });
  return answer.action === 'accept' && answer.content?.place === true ? reference : 'cancelled';
}

server.registerTool(
  'place_order',
  { description: 'Place an order', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    const placed = await confirmOrder(ctx, item);
    return { content: [{ type: 'text', text: placed }] };
  },
);
