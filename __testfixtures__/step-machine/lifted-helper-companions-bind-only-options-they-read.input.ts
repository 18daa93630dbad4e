// A helper taking its options destructured: its request builder binds only the options its code
// before the question reads, its outcome function only those its code after it reads (the type
// stays whole, so the callers pass the same object to both).
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shop', version: '1.0.0' });

async function askQuantity(ctx: ServerContext, { item, max, unit }: { item: string; max: number; unit: string }) {
  const answer = await ctx.mcpReq.elicitInput({
    message: `How many ${item}?`,
    requestedSchema: { type: 'object', properties: { n: { type: 'number', maximum: max } }, required: ['n'] },
  });
  return answer.action === 'accept' ? `${String(answer.content?.n)} ${unit}` : undefined;
}

server.registerTool(
  'order',
  { description: 'Order an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    const quantity = await askQuantity(ctx, { item, max: 10, unit: 'boxes' });
    return { content: [{ type: 'text', text: quantity ? `Ordered ${quantity} of ${item}` : 'Nothing ordered' }] };
  },
);
