import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'signup', version: '1.0.0' });

server.registerTool(
  'sign-up',
  { description: 'Sign up as a person or a company', inputSchema: z.object({ company: z.boolean() }) },
  async ({ company }, ctx) => {
    let label: string;
    if (company) {
      const vat = await ctx.mcpReq.elicitInput({
        message: 'VAT number?',
        requestedSchema: { type: 'object', properties: { vat: { type: 'string' } }, required: ['vat'] },
      });
      label = vat.action === 'accept' ? `company ${String(vat.content?.vat)}` : 'company (no VAT)';
    } else {
      const birthday = await ctx.mcpReq.elicitInput({
        message: 'Date of birth?',
        requestedSchema: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
      });
      label = birthday.action === 'accept' ? `person born ${String(birthday.content?.date)}` : 'person';
    }
    return { content: [{ type: 'text', text: `Signed up: ${label}` }] };
  },
);
