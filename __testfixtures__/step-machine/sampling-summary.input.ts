import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function loadNote(id: string): Promise<string> {
  return `note ${id}`;
}

server.registerTool(
  'summarize-note',
  { description: 'Summarize a note with the client model', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const body = await loadNote(id);
    const response = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n\n${body}` } }],
      maxTokens: 120,
    });
    const block = Array.isArray(response.content) ? response.content[0] : response.content;
    const summary = block?.type === 'text' ? block.text : '(no summary)';
    return { content: [{ type: 'text', text: `${id}: ${summary} [${response.model}]` }] };
  },
);
