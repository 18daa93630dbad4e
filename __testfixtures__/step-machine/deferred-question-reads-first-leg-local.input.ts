import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function loadNote(id: string): Promise<string> {
  return `note ${id}`;
}

server.registerTool('summarize', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const body = await loadNote(id);
  const pending = ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${body}` } }],
    maxTokens: 100,
  });
  const response = await pending;
  return { content: [{ type: 'text', text: `${id}: ${response.model}` }] };
});
