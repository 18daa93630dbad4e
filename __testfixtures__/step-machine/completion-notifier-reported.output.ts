import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

server.registerTool(
  'pay-invoice',
  { description: 'Pay an invoice in the browser', inputSchema: z.object({ invoice: z.string() }) },
  async ({ invoice }, ctx) => {
    const elicitationId = `pay-${invoice}`;
    // @mcp-mrtr-migrate completion-notifier-removed: server.server.createElicitationCompletionNotifier in tool handler pay-invoice: notifications/elicitation/complete no longer exists, and it cannot become a no-op: it is called from a nested function (a timer or a callback) of the handler, whose finishing step should become a check on the retry
    const notifyDone = server.server.createElicitationCompletionNotifier(elicitationId);
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler pay-invoice left as it was: its completion notifier is stored or passed on and cannot be removed automatically
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
