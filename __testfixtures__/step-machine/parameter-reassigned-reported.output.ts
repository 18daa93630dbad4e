import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'normalizer', version: '1.0.0' });

server.registerTool(
  'tag-document',
  { description: 'Tag a document', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    title = title.trim();
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'tag-document': handler parameter title is reassigned
    const tag = await ctx.mcpReq.elicitInput({
      message: `Tag for "${title}"?`,
      requestedSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    });
    return { content: [{ type: 'text', text: tag.action === 'accept' ? `${title} #${String(tag.content?.tag)}` : title }] };
  },
);
