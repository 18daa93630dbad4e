import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'orders', version: '1.0.0' });

export const log: string[] = [];

async function loadCustomer(id: string): Promise<{ id: string; vip: boolean }> {
  log.push(`customer ${id}`);
  return { id, vip: id.startsWith('v') };
}

async function loadOrder(id: string): Promise<{ id: string; total: number }> {
  log.push(`order ${id}`);
  return { id, total: 250 };
}

server.registerTool(
  'refund',
  { description: 'Refund an order', inputSchema: z.object({ customerId: z.string(), orderId: z.string() }) },
  async ({ customerId, orderId }, ctx) => {
    log.push(`refund requested for ${orderId}`);
    const customer = await loadCustomer(customerId);
    try {
      const order = await loadOrder(orderId);
      if (!customer.vip) {
        const reason = await ctx.mcpReq.elicitInput({
          message: `Why refund ${order.total} on ${order.id}?`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        });
        if (reason.action !== 'accept') return { content: [{ type: 'text', text: 'No refund' }] };
      }
      log.push(`refunded ${order.id} for ${customer.id}`);
      return { content: [{ type: 'text', text: `Refunded ${order.total}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
