import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'orders', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type CancelOrderState = { step: 'reason' };
server.registerTool(
  'cancel-order',
  { description: 'Cancel an order', inputSchema: z.object({ orderId: z.string() }) },
  async ({ orderId }, ctx) => {
    let state = await mrtrState.resume<CancelOrderState>(ctx, 'cancel-order', { orderId });
    state ??= { step: 'reason' };
    const reasonRequest: ElicitRequestFormParams = {
      message: `Why cancel order ${orderId}?`,
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
    };
    const reason = elicitAnswer(ctx, 'reason', reasonRequest);
    if (reason === undefined) {
      return inputRequired({
        inputRequests: {
          reason: inputRequired.elicit(reasonRequest),
        },
        requestState: await mrtrState.mint(ctx, 'cancel-order', { orderId }, state),
      });
    }
    if (reason.action !== 'accept') {
      return { content: [{ type: 'text', text: `Order ${orderId} kept` }] };
    }
    return { content: [{ type: 'text', text: `Order ${orderId} cancelled: ${String(reason.content?.reason)}` }] };
  },
);
