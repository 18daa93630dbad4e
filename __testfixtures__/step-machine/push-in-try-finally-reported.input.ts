import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'locks', version: '1.0.0' });

const locked = new Set<string>();

server.registerTool(
  'edit-document',
  { description: 'Edit a document under a lock', inputSchema: z.object({ doc: z.string() }) },
  async ({ doc }, ctx) => {
    locked.add(doc);
    try {
      const edit = await ctx.mcpReq.elicitInput({
        message: `New title for ${doc}?`,
        requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      });
      if (edit.action !== 'accept') return { content: [{ type: 'text', text: 'No change' }] };
      return { content: [{ type: 'text', text: `${doc} renamed to ${String(edit.content?.title)}` }] };
    } finally {
      locked.delete(doc);
    }
  },
);
