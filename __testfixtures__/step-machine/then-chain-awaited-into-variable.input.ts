import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'chains', version: '1.0.0' });

server.registerTool(
  'choose-color',
  { description: 'Choose a color', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    const color = await ctx.mcpReq
      .elicitInput({
        message: `Color for ${item}?`,
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      })
      .then((result) => (result.action === 'accept' ? String(result.content?.color) : 'black'));
    return { content: [{ type: 'text', text: `${item} in ${color}` }] };
  },
);
