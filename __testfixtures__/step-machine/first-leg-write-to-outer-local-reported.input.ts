import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'labels', version: '1.0.0' });

async function lookUpCompany(id: string): Promise<string> {
  return `company ${id}`;
}

server.registerTool(
  'label',
  { description: 'Label a customer', inputSchema: z.object({ id: z.string(), company: z.boolean() }) },
  async ({ id, company }, ctx) => {
    let label = 'person';
    if (company) {
      label = await lookUpCompany(id);
      const vat = await ctx.mcpReq.elicitInput({
        message: `VAT number of ${label}?`,
        requestedSchema: { type: 'object', properties: { vat: { type: 'string' } }, required: ['vat'] },
      });
      if (vat.action !== 'accept') return { content: [{ type: 'text', text: 'No VAT number' }] };
    }
    return { content: [{ type: 'text', text: `Labelled ${id} as ${label}` }] };
  },
);
