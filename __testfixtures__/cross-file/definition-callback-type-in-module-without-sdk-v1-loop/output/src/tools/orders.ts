import { z } from 'zod';
import type { ToolModule } from './types.js';
import { type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

interface Asker {
  server: { elicitInput(params: any): Promise<{ action: string; content?: Record<string, unknown> }> };
}

export function cancelOrderTool(_mcp: Asker): ToolModule {
  type CancelOrderState = { step: 'cancel' };
  return {
    name: 'cancel_order',
    description: 'Cancel an order',
    shape: { order: z.string() },
    callback: async ({ order }: { order: string }, ctx: ServerContext) => {
      let state = await mrtrState.resume<CancelOrderState>(ctx, 'cancel_order', { order });
      state ??= { step: 'cancel' };
      const cancelRequest: ElicitRequestFormParams = {
        message: `Cancel order ${order}?`,
        requestedSchema: { type: 'object', properties: { cancel: { type: 'boolean' } }, required: ['cancel'] },
      };
      const answer = elicitAnswer(ctx, 'cancel', cancelRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            cancel: inputRequired.elicit(cancelRequest),
          },
          requestState: await mrtrState.mint(ctx, 'cancel_order', { order }, state),
        });
      }
      return answer.action === 'accept' && answer.content?.cancel === true ? `${order} cancelled` : `${order} kept`;
    },
  };
}
