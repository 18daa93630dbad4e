import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'inventory', version: '1.0.0' });

server.registerTool(
  'restock',
  { description: 'Restock an item', inputSchema: z.object({ sku: z.string() }) },
  async ({ sku }, ctx) => {
    const { action, content } = await ctx.mcpReq.elicitInput({
      message: `How many units of ${sku}?`,
      requestedSchema: { type: 'object', properties: { units: { type: 'integer', minimum: 1 } }, required: ['units'] },
    });
    if (action !== 'accept') {
      return { content: [{ type: 'text', text: `No restock of ${sku} (${action})` }] };
    }
    return { content: [{ type: 'text', text: `Ordered ${Number(content?.units)} x ${sku}` }] };
  },
);
