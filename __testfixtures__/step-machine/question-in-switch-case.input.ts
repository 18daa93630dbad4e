import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'support', version: '1.0.0' });

server.registerTool(
  'open-case',
  { description: 'Open a support case', inputSchema: z.object({ kind: z.enum(['bug', 'billing', 'other']) }) },
  async ({ kind }, ctx) => {
    switch (kind) {
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
