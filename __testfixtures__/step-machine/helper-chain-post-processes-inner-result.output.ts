import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'shop', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askAmount() asks with (its code before the question). */
function askAmountParams(currency: string): ElicitRequestFormParams {
  return {
    message: `Amount to refund in ${currency}?`,
    requestedSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
  };
}

/** What askAmount() does with the answer (its code after the question). */
function askAmountOutcome(answer: ElicitResult): number | undefined {
  return answer.action === 'accept' ? Number(answer.content?.amount) : undefined;
}

/** The request askRefundCents() asks with (its code before the question). */
function askRefundCentsParams(currency: string): ElicitRequestFormParams {
  const label = currency.toUpperCase();
  return askAmountParams(label);
}

/** What askRefundCents() does with the answer (its code after the question). */
function askRefundCentsOutcome(answer: ElicitResult): number | undefined {
  const amount = askAmountOutcome(answer);
  if (amount === undefined) return undefined;
  return Math.round(amount * 100);
}

type RefundState = { step: 'cents' };
server.registerTool(
  'refund',
  { description: 'Refund part of an order', inputSchema: z.object({ orderId: z.string(), currency: z.string() }) },
  async ({ orderId, currency }, ctx) => {
    let state = await mrtrState.resume<RefundState>(ctx, 'refund', { orderId, currency });
    state ??= { step: 'cents' };
    const centsRequest: ElicitRequestFormParams = askRefundCentsParams(currency);
    const centsAnswer = elicitAnswer(ctx, 'cents', centsRequest);
    if (centsAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          cents: inputRequired.elicit(centsRequest),
        },
        requestState: await mrtrState.mint(ctx, 'refund', { orderId, currency }, state),
      });
    }
    const cents = askRefundCentsOutcome(centsAnswer);
    if (cents === undefined) {
      return { content: [{ type: 'text', text: `No refund for ${orderId}` }] };
    }
    return { content: [{ type: 'text', text: `Refunded ${cents} cents on ${orderId}` }] };
  },
);
