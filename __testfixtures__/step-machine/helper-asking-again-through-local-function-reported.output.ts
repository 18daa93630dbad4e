import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shipping', version: '1.0.0' });

async function askAddress(ctx: ServerContext): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askAddress(), called by tool handler ship_order; it is not lifted into that handler because it asks 2 times (1 of them in a function declared inside it)
  const street = await ctx.mcpReq.elicitInput({
    message: 'Street?',
    requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
  });
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askCity(), called by tool handler ship_order (through askAddress()); it is not lifted into that handler because its body is an expression, not a block
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
