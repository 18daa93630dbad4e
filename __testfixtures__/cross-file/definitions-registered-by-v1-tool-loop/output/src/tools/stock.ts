import { z } from 'zod';
import { type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

/** What the factory needs of the server (the v1 and the v2 McpServer alike). */
interface Asker {
  server: { elicitInput(params: any): Promise<{ action: string; content?: Record<string, unknown> }> };
}

const levels = new Map<string, number>([['bolts', 3]]);

export const stockTool = {
  name: 'stock',
  description: 'How many of an item are in stock',
  shape: { item: z.string() },
  handler: async ({ item }: { item: string }) => `${item}: ${levels.get(item) ?? 0}`,
};

export function restockTool(_server: Asker) {
  type RestockState = { step: 'quantity' };
  return {
    name: 'restock',
    description: 'Order more of an item',
    shape: { item: z.string() },
    handler: async ({ item }: { item: string }, ctx: ServerContext) => {
      let state = await mrtrState.resume<RestockState>(ctx, 'restock', { item });
      state ??= { step: 'quantity' };
      const quantityRequest: ElicitRequestFormParams = {
        message: `How many ${item} to order?`,
        requestedSchema: { type: 'object', properties: { quantity: { type: 'number' } }, required: ['quantity'] },
      };
      const answer = elicitAnswer(ctx, 'quantity', quantityRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            quantity: inputRequired.elicit(quantityRequest),
          },
          requestState: await mrtrState.mint(ctx, 'restock', { item }, state),
        });
      }
      if (answer.action !== 'accept') return 'Nothing ordered';
      const quantity = Number(answer.content?.quantity ?? 0);
      levels.set(item, (levels.get(item) ?? 0) + quantity);
      return `Ordered ${quantity} ${item}`;
    },
  };
}
