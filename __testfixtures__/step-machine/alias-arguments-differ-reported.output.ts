import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { elicitLabel } from './support/request-scope.js';

const server = new McpServer({ name: 'tags', version: '1.0.0' });

server.registerTool(
  'tag_item',
  { description: 'Tag an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }) => {
    // @mcp-mrtr-migrate alias-arguments-differ: elicitLabel() is configured as elicitInput() with the same parameters, but this call passes a string as its first argument, where elicitInput() takes the request params object; left as it was
    const answer = await elicitLabel(`Label for ${item}?`);
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not tagged' }] };
    return { content: [{ type: 'text', text: `Tagged ${item} as ${String(answer.content?.label)}` }] };
  },
);
