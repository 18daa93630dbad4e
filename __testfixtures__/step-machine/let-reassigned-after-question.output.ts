import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'pricing', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function basePrice(plan: string): Promise<number> {
  return plan === 'pro' ? 20 : 10;
}

type QuoteState = { step: 'coupon'; total: number };
server.registerTool(
  'quote',
  { description: 'Quote a subscription price', inputSchema: z.object({ plan: z.string(), seats: z.number() }) },
  async ({ plan, seats }, ctx) => {
    let state = await mrtrState.resume<QuoteState>(ctx, 'quote', { plan, seats });
    if (state === undefined) {
      let total = (await basePrice(plan)) * seats;
      state = { step: 'coupon', total };
    }
    let { total } = state;
    const couponRequest: ElicitRequestFormParams = {
      message: `Total is ${total} EUR. Do you have a coupon code?`,
      requestedSchema: { type: 'object', properties: { code: { type: 'string' } } },
    };
    const coupon = elicitAnswer(ctx, 'coupon', couponRequest);
    if (coupon === undefined) {
      return inputRequired({
        inputRequests: {
          coupon: inputRequired.elicit(couponRequest),
        },
        requestState: await mrtrState.mint(ctx, 'quote', { plan, seats }, state),
      });
    }
    if (coupon.action === 'accept' && coupon.content?.code === 'SAVE10') {
      total = Math.round(total * 0.9);
    }
    return { content: [{ type: 'text', text: `${seats} x ${plan}: ${total} EUR` }] };
  },
);
