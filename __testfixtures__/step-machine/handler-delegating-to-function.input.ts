import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

const RefundInput = z.object({ invoice: z.string(), amount: z.number() });

async function refund({ invoice, amount }: z.infer<typeof RefundInput>, ctx: ServerContext): Promise<CallToolResult> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Refund ${amount} on ${invoice}?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  });
  if (answer.action !== 'accept' || answer.content?.approve !== true) {
    return { content: [{ type: 'text', text: 'No refund' }] };
  }
  return { content: [{ type: 'text', text: `Refunded ${amount} on ${invoice}` }] };
}

server.registerTool('refund', { description: 'Refund an invoice', inputSchema: RefundInput }, (args, ctx) => refund(args, ctx));
