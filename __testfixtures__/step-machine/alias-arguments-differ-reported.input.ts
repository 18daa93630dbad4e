import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicitLabel } from './support/request-scope.js';

const server = new McpServer({ name: 'tags', version: '1.0.0' });

server.registerTool(
  'tag_item',
  { description: 'Tag an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }) => {
    const answer = await elicitLabel(`Label for ${item}?`);
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not tagged' }] };
    return { content: [{ type: 'text', text: `Tagged ${item} as ${String(answer.content?.label)}` }] };
  },
);
