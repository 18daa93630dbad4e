import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'docs', version: '1.0.0' });

export const log: string[] = [];

async function findDocument(id: string): Promise<{ id: string; title: string } | undefined> {
  log.push(`find ${id}`);
  return id === 'missing' ? undefined : { id, title: `Doc ${id}` };
}

server.registerTool(
  'archive-document',
  { description: 'Archive a document', inputSchema: z.object({ id: z.string(), confirm: z.boolean() }) },
  async ({ id, confirm }, ctx) => {
    try {
      const doc = await findDocument(id);
      if (!doc) return { isError: true, content: [{ type: 'text', text: `No document ${id}` }] };
      if (confirm) {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Archive ${doc.title}?`,
          requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
      }
      log.push(`archived ${doc.id}`);
      return { content: [{ type: 'text', text: `Archived ${doc.title}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
