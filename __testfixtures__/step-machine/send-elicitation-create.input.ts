import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'orders', version: '1.0.0' });

server.registerTool(
  'cancel-order',
  { description: 'Cancel an order', inputSchema: z.object({ orderId: z.string() }) },
  async ({ orderId }, ctx) => {
    const reason = await ctx.mcpReq.send({
      method: 'elicitation/create',
      params: {
        message: `Why cancel order ${orderId}?`,
        requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
      },
    });
    if (reason.action !== 'accept') {
      return { content: [{ type: 'text', text: `Order ${orderId} kept` }] };
    }
    return { content: [{ type: 'text', text: `Order ${orderId} cancelled: ${String(reason.content?.reason)}` }] };
  },
);
