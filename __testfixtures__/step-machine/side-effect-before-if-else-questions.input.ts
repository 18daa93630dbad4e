import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

export const audit: string[] = [];

async function loadAccount(id: string): Promise<{ id: string; business: boolean }> {
  audit.push(`loaded ${id}`);
  return { id, business: id.startsWith('b-') };
}

server.registerTool(
  'verify-account',
  { description: 'Verify an account', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const account = await loadAccount(id);
    let proof: string;
    if (account.business) {
      const registry = await ctx.mcpReq.elicitInput({
        message: 'Company registry number?',
        requestedSchema: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
      });
      proof = registry.action === 'accept' ? `registry ${String(registry.content?.number)}` : 'none';
    } else {
      const document = await ctx.mcpReq.elicitInput({
        message: 'Passport number?',
        requestedSchema: { type: 'object', properties: { passport: { type: 'string' } }, required: ['passport'] },
      });
      proof = document.action === 'accept' ? `passport ${String(document.content?.passport)}` : 'none';
    }
    audit.push(`verified ${account.id} with ${proof}`);
    return { content: [{ type: 'text', text: `Verified ${account.id} (${proof})` }] };
  },
);
