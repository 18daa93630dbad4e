import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'orders', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const log: string[] = [];

async function loadCustomer(id: string): Promise<{ id: string; vip: boolean }> {
  log.push(`customer ${id}`);
  return { id, vip: id.startsWith('v') };
}

async function loadOrder(id: string): Promise<{ id: string; total: number }> {
  log.push(`order ${id}`);
  return { id, total: 250 };
}

type RefundState = { step: 'reason'; customer: { id: string; vip: boolean }; order: { id: string; total: number } };
server.registerTool(
  'refund',
  { description: 'Refund an order', inputSchema: z.object({ customerId: z.string(), orderId: z.string() }) },
  async ({ customerId, orderId }, ctx) => {
    const resumed = await mrtrState.resume<RefundState>(ctx, 'refund', { customerId, orderId });
    let customer: { id: string; vip: boolean };
    if (resumed === undefined) {
      log.push(`refund requested for ${orderId}`);
      customer = await loadCustomer(customerId);
    } else {
      ({ customer } = resumed);
    }
    try {
      let order: { id: string; total: number };
      if (resumed === undefined) {
        order = await loadOrder(orderId);
      } else {
        ({ order } = resumed);
      }
      if (!customer.vip) {
        let state = resumed;
        state ??= { step: 'reason', customer, order };
        const reasonRequest: ElicitRequestFormParams = {
          message: `Why refund ${order.total} on ${order.id}?`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        };
        const reason = elicitAnswer(ctx, 'reason', reasonRequest);
        if (reason === undefined) {
          return inputRequired({
            inputRequests: {
              reason: inputRequired.elicit(reasonRequest),
            },
            requestState: await mrtrState.mint(ctx, 'refund', { customerId, orderId }, state),
          });
        }
        if (reason.action !== 'accept') return { content: [{ type: 'text', text: 'No refund' }] };
      }
      log.push(`refunded ${order.id} for ${customer.id}`);
      return { content: [{ type: 'text', text: `Refunded ${order.total}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
