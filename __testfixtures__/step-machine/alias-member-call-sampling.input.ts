import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { llm } from './support/request-scope.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool(
  'title_note',
  { description: 'Suggest a title for a note', inputSchema: z.object({ note: z.string() }) },
  async ({ note }) => {
    const result = await llm.sample({
      messages: [{ role: 'user', content: { type: 'text', text: `Suggest a title for:\n${note}` } }],
      maxTokens: 40,
    });
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    const title = block?.type === 'text' ? block.text : 'Untitled';
    return { content: [{ type: 'text', text: title }] };
  },
);
