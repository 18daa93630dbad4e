import { z } from 'zod';
import type { ToolModule } from './types.js';

interface Asker {
  server: { elicitInput(params: any): Promise<{ action: string; content?: Record<string, unknown> }> };
}

export function cancelOrderTool(mcp: Asker): ToolModule {
  return {
    name: 'cancel_order',
    description: 'Cancel an order',
    shape: { order: z.string() },
    callback: async ({ order }: { order: string }) => {
      const answer = await mcp.server.elicitInput({
        message: `Cancel order ${order}?`,
        requestedSchema: { type: 'object', properties: { cancel: { type: 'boolean' } }, required: ['cancel'] },
      });
      return answer.action === 'accept' && answer.content?.cancel === true ? `${order} cancelled` : `${order} kept`;
    },
  };
}
