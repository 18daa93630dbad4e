// Order tools as plain definitions: one asks through its context, one (built by a factory that is
// given the server) asks through the server it closed over.
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { effects } from './effects.js';

export const SHIP_ORDER = {
  name: 'ship-order',
  schema: { order: z.string() },
  handler: async ({ order }: { order: string }, extra: ServerContext) => {
    effects.push(`pack:${order}`);
    const answer = await extra.mcpReq.elicitInput({
      message: `Ship order ${order} now?`,
      requestedSchema: { type: 'object', properties: { ship: { type: 'boolean' } }, required: ['ship'] },
    });
    if (answer.action !== 'accept' || answer.content?.ship !== true) return { shipped: false, order };
    effects.push(`ship:${order}`);
    return { shipped: true, order };
  },
};

export const ORDER_STATUS = {
  name: 'order-status',
  schema: { order: z.string() },
  handler: async ({ order }: { order: string }) => ({ order, status: 'packed' }),
};

export const ORDER_TOOLS = [SHIP_ORDER, ORDER_STATUS];

export function createCancelOrderTool(server: McpServer) {
  return {
    name: 'cancel-order',
    schema: { order: z.string() },
    handler: async ({ order }: { order: string }) => {
      const answer = await server.server.elicitInput({
        message: `Cancel order ${order}?`,
        requestedSchema: { type: 'object', properties: { cancel: { type: 'boolean' } }, required: ['cancel'] },
      });
      if (answer.action !== 'accept' || answer.content?.cancel !== true) return { cancelled: false, order };
      effects.push(`cancel:${order}`);
      return { cancelled: true, order };
    },
  };
}
