import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'addresses', version: '1.0.0' });

async function lookupState(zip: string): Promise<string> {
  return zip.startsWith('9') ? 'CA' : 'NY';
}

server.registerTool(
  'verify-address',
  { description: 'Verify a postal address', inputSchema: z.object({ zip: z.string() }) },
  async ({ zip }, ctx) => {
    const state = await lookupState(zip);
    const ok = await ctx.mcpReq.elicitInput({
      message: `Is ${zip} in ${state}?`,
      requestedSchema: { type: 'object', properties: { correct: { type: 'boolean' } }, required: ['correct'] },
    });
    const verified = ok.action === 'accept' && ok.content?.correct === true;
    return { content: [{ type: 'text', text: verified ? `${zip}, ${state}: verified` : `${zip}: please check` }] };
  },
);
