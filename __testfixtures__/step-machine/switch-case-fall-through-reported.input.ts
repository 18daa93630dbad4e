import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'support2', version: '1.0.0' });

export const opened: string[] = [];

server.registerTool(
  'open-case',
  { description: 'Open a support case', inputSchema: z.object({ kind: z.enum(['refund', 'billing', 'other']) }) },
  async ({ kind }, ctx) => {
    switch (kind) {
      case 'refund':
        opened.push('refund requested');
      // falls through: a refund is a billing case too
      case 'billing': {
        const invoice = await ctx.mcpReq.elicitInput({
          message: 'Invoice number?',
          requestedSchema: { type: 'object', properties: { invoice: { type: 'string' } }, required: ['invoice'] },
        });
        if (invoice.action !== 'accept') return { content: [{ type: 'text', text: 'Case not opened' }] };
        return { content: [{ type: 'text', text: `Billing case for ${String(invoice.content?.invoice)}` }] };
      }
      default:
        return { content: [{ type: 'text', text: `Opened a ${kind} case` }] };
    }
  },
);
