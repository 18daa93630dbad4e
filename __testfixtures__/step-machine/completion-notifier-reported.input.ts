import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

server.registerTool(
  'pay-invoice',
  { description: 'Pay an invoice in the browser', inputSchema: z.object({ invoice: z.string() }) },
  async ({ invoice }, ctx) => {
    const elicitationId = `pay-${invoice}`;
    const notifyDone = server.server.createElicitationCompletionNotifier(elicitationId);
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Pay invoice ${invoice}`,
      url: `https://pay.example.com/${invoice}`,
      elicitationId,
    });
    if (consent.action !== 'accept') return { content: [{ type: 'text', text: 'Payment not started' }] };
    setTimeout(() => void notifyDone(), 60_000);
    return { content: [{ type: 'text', text: `Paying ${invoice}` }] };
  },
);
