import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'orders', version: '1.0.0' });

let sequence = 0;

async function confirmOrder(ctx: ServerContext, item: string): Promise<string> {
  // Numbering the order is a side effect, and the answer is read against that number.
  const reference = `order-${++sequence}`;
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirmOrder(), called by tool handler place_order; it is not lifted into that handler because its code after the question uses reference, which it computes before the question in code with side effects (that code runs once, so the value would have to travel in the state)
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
