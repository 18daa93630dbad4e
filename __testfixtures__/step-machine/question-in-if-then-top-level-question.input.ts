import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'payouts', version: '1.0.0' });

server.registerTool(
  'payout',
  { description: 'Pay out a vendor', inputSchema: z.object({ vendor: z.string(), amount: z.number() }) },
  async ({ vendor, amount }, ctx) => {
    if (amount > 1000) {
      const approval = await ctx.mcpReq.elicitInput({
        message: `Approve a payout of ${amount} to ${vendor}?`,
        requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
      });
      if (approval.action !== 'accept' || approval.content?.approve !== true) {
        return { content: [{ type: 'text', text: 'Payout not approved' }] };
      }
    }
    const memo = await ctx.mcpReq.elicitInput({
      message: 'Memo for the bank transfer?',
      requestedSchema: { type: 'object', properties: { memo: { type: 'string', maxLength: 140 } }, required: ['memo'] },
    });
    const text = memo.action === 'accept' ? String(memo.content?.memo) : '';
    return { content: [{ type: 'text', text: `Paid ${amount} to ${vendor} ${text}`.trim() }] };
  },
);
