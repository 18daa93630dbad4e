import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { summarize as summarizeText } from '@app/lib/summary.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool(
  'summarize_note',
  { description: 'Summarize a note', inputSchema: z.object({ note: z.string() }) },
  async ({ note }, ctx) => {
    const summary = await summarizeText(ctx, note);
    return { content: [{ type: 'text', text: summary || 'No summary' }] };
  },
);

export { server };
