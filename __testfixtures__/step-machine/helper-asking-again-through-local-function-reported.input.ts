import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shipping', version: '1.0.0' });

async function askAddress(ctx: ServerContext): Promise<string> {
  const street = await ctx.mcpReq.elicitInput({
    message: 'Street?',
    requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
  });
  const askCity = () => ctx.mcpReq.elicitInput({
    message: 'City?',
    requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
  });
  const city = await askCity();
  return `${String(street.content?.value)}, ${String(city.content?.value)}`;
}

server.registerTool(
  'ship_order',
  { description: 'Ship an order', inputSchema: z.object({ order: z.string() }) },
  async ({ order }, ctx) => {
    const address = await askAddress(ctx);
    return { content: [{ type: 'text', text: `Shipping ${order} to ${address}` }] };
  },
);
