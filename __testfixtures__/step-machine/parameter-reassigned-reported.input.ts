import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'normalizer', version: '1.0.0' });

server.registerTool(
  'tag-document',
  { description: 'Tag a document', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    title = title.trim();
    const tag = await ctx.mcpReq.elicitInput({
      message: `Tag for "${title}"?`,
      requestedSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    });
    return { content: [{ type: 'text', text: tag.action === 'accept' ? `${title} #${String(tag.content?.tag)}` : title }] };
  },
);
