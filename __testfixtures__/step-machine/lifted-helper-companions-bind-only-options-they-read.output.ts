// A helper taking its options destructured: its request builder binds only the options its code
// before the question reads, its outcome function only those its code after it reads (the type
// stays whole, so the callers pass the same object to both).
import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'shop', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askQuantity() asks with (its code before the question). */
function askQuantityParams({ item, max }: { item: string; max: number; unit: string }): ElicitRequestFormParams {
  return {
    message: `How many ${item}?`,
    requestedSchema: { type: 'object', properties: { n: { type: 'number', maximum: max } }, required: ['n'] },
  };
}

/** What askQuantity() does with the answer (its code after the question). */
function askQuantityOutcome({ unit }: { item: string; max: number; unit: string }, answer: ElicitResult) {
  return answer.action === 'accept' ? `${String(answer.content?.n)} ${unit}` : undefined;
}

type OrderState = { step: 'quantity' };
server.registerTool(
  'order',
  { description: 'Order an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    let state = await mrtrState.resume<OrderState>(ctx, 'order', { item });
    state ??= { step: 'quantity' };
    const quantityRequest: ElicitRequestFormParams = askQuantityParams({ item, max: 10, unit: 'boxes' });
    const quantityAnswer = elicitAnswer(ctx, 'quantity', quantityRequest);
    if (quantityAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          quantity: inputRequired.elicit(quantityRequest),
        },
        requestState: await mrtrState.mint(ctx, 'order', { item }, state),
      });
    }
    const quantity = askQuantityOutcome({ item, max: 10, unit: 'boxes' }, quantityAnswer);
    return { content: [{ type: 'text', text: quantity ? `Ordered ${quantity} of ${item}` : 'Nothing ordered' }] };
  },
);
