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
      // @mcp-mrtr-migrate push-in-try: ctx.mcpReq.elicitInput in tool handler 'edit-document': the try around the question has a finally block, which would run once per leg after migration
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
