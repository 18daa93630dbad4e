import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shipping', version: '1.0.0' });

server.registerTool(
  'ship-order',
  { description: 'Ship an order', inputSchema: z.object({ order: z.string(), international: z.boolean(), weight: z.number() }) },
  async ({ order, international, weight }, ctx) => {
    let declaration = '';
    if (international) {
      if (weight > 2) {
        const customs = await ctx.mcpReq.elicitInput({
          message: `Customs value of ${order}?`,
          requestedSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
        });
        if (customs.action !== 'accept') return { content: [{ type: 'text', text: 'Not shipped' }] };
        declaration = ` (declared ${String(customs.content?.value)})`;
      }
    }
    return { content: [{ type: 'text', text: `Shipped ${order}${declaration}` }] };
  },
);
