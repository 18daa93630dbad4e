import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const auditLog: string[] = [];

async function audit(entry: string): Promise<void> {
  auditLog.push(entry);
}

const LIMIT = 500;

/** Above the limit the refund is refused without a question, and the refusal is audited (only on that way out). */
async function approveRefund(ctx: ServerContext, amount: number): Promise<boolean> {
  if (amount > LIMIT) {
    await audit(`refund of ${amount} refused: over the limit`);
    return false;
  }
  const answer = await ctx.mcpReq.elicitInput({
    message: `Refund ${amount}?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  });
  return answer.action === 'accept' && answer.content?.approve === true;
}

const server = new McpServer({ name: 'refunds', version: '1.0.0' });

server.registerTool(
  'refund',
  { description: 'Refund an order', inputSchema: z.object({ amount: z.number() }) },
  async ({ amount }, ctx) => {
    if (!(await approveRefund(ctx, amount))) return { content: [{ type: 'text', text: 'No refund' }] };
    return { content: [{ type: 'text', text: `Refunded ${amount}` }] };
  },
);
