import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'shipping', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function quoteShipping(weightKg: number): Promise<{ carrier: string; priceCents: number }> {
  return { carrier: 'post', priceCents: Math.round(weightKg * 350) };
}

type ShipParcelState = { step: 'accept'; quote: { carrier: string; priceCents: number } };
server.registerTool(
  'ship-parcel',
  { description: 'Ship a parcel', inputSchema: z.object({ weightKg: z.number() }) },
  async ({ weightKg }, ctx) => {
    let state = await mrtrState.resume<ShipParcelState>(ctx, 'ship-parcel', { weightKg });
    if (state === undefined) {
      const quote = await quoteShipping(weightKg);
      state = { step: 'accept', quote };
    }
    const { quote } = state;
    const acceptRequest: ElicitRequestFormParams = {
      message: `Ship with ${quote.carrier} for ${quote.priceCents / 100} EUR?`,
      requestedSchema: { type: 'object', properties: { ship: { type: 'boolean' } }, required: ['ship'] },
    };
    const accept = elicitAnswer(ctx, 'accept', acceptRequest);
    if (accept === undefined) {
      return inputRequired({
        inputRequests: {
          accept: inputRequired.elicit(acceptRequest),
        },
        requestState: await mrtrState.mint(ctx, 'ship-parcel', { weightKg }, state),
      });
    }
    if (accept.action !== 'accept') return { content: [{ type: 'text', text: 'Not shipped' }] };
    return { content: [{ type: 'text', text: `Shipped with ${quote.carrier}, charged ${quote.priceCents} cents` }] };
  },
);
