import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'shipping', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ShipOrderState = { step: 'customs' };
server.registerTool(
  'ship-order',
  { description: 'Ship an order', inputSchema: z.object({ order: z.string(), international: z.boolean(), weight: z.number() }) },
  async ({ order, international, weight }, ctx) => {
    const resumed = await mrtrState.resume<ShipOrderState>(ctx, 'ship-order', { order, international, weight });
    let declaration = '';
    if (international) {
      if (weight > 2) {
        let state = resumed;
        state ??= { step: 'customs' };
        const customsRequest: ElicitRequestFormParams = {
          message: `Customs value of ${order}?`,
          requestedSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
        };
        const customs = elicitAnswer(ctx, 'customs', customsRequest);
        if (customs === undefined) {
          return inputRequired({
            inputRequests: {
              customs: inputRequired.elicit(customsRequest),
            },
            requestState: await mrtrState.mint(ctx, 'ship-order', { order, international, weight }, state),
          });
        }
        if (customs.action !== 'accept') return { content: [{ type: 'text', text: 'Not shipped' }] };
        declaration = ` (declared ${String(customs.content?.value)})`;
      }
    }
    return { content: [{ type: 'text', text: `Shipped ${order}${declaration}` }] };
  },
);
