import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'importer', version: '1.0.0' });

server.registerTool(
  'import-contacts',
  { description: 'Import contacts, asking about duplicates', inputSchema: z.object({ names: z.array(z.string()) }) },
  async ({ names }, ctx) => {
    const imported: string[] = [];
    for (const name of names) {
      const keep = await ctx.mcpReq.elicitInput({
        message: `${name} already exists. Import anyway?`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
      });
      if (keep.action === 'accept' && keep.content?.keep === true) imported.push(name);
    }
    return { content: [{ type: 'text', text: `Imported ${imported.length} contacts` }] };
  },
);
