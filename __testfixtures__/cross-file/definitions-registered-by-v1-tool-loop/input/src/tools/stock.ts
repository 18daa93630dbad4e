import { z } from 'zod';

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

export function restockTool(server: Asker) {
  return {
    name: 'restock',
    description: 'Order more of an item',
    shape: { item: z.string() },
    handler: async ({ item }: { item: string }) => {
      const answer = await server.server.elicitInput({
        message: `How many ${item} to order?`,
        requestedSchema: { type: 'object', properties: { quantity: { type: 'number' } }, required: ['quantity'] },
      });
      if (answer.action !== 'accept') return 'Nothing ordered';
      const quantity = Number(answer.content?.quantity ?? 0);
      levels.set(item, (levels.get(item) ?? 0) + quantity);
      return `Ordered ${quantity} ${item}`;
    },
  };
}
