import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'transfers2', version: '1.0.0' });

export const audit: string[] = [];

async function quote(amount: number): Promise<{ fee: number; flagged: boolean }> {
  audit.push(`quoted ${amount}`);
  return { fee: amount / 100, flagged: amount > 10_000 };
}

server.registerTool(
  'transfer',
  { description: 'Transfer money', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
  async ({ amount, to }, ctx) => {
    const offer = await quote(amount);
    if (offer.flagged) {
      const review = await ctx.mcpReq.elicitInput({
        message: `Transfers over 10000 need a reason. Why send ${amount} to ${to}?`,
        requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
      });
      if (review.action !== 'accept') return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
      audit.push(`flagged transfer to ${to}: ${String(review.content?.reason)}`);
    }
    if (offer.fee > 5) {
      const fee = await ctx.mcpReq.elicitInput({
        message: `The fee is ${offer.fee}. Continue?`,
        requestedSchema: { type: 'object', properties: { accept: { type: 'boolean' } }, required: ['accept'] },
      });
      if (fee.action !== 'accept' || fee.content?.accept !== true) return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
    }
    audit.push(`sent ${amount} to ${to}`);
    return { content: [{ type: 'text', text: `Sent ${amount} to ${to} (fee ${offer.fee})` }] };
  },
);
