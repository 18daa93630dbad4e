import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const tags = new Map<string, string[]>();

async function suggestTags(id: string, text: string): Promise<void> {
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Tags for: ${text}` } }],
    maxTokens: 50,
  });
  if (result.content.type === 'text') tags.set(id, result.content.text.split(','));
}

server.registerTool('add_note', { inputSchema: z.object({ id: z.string(), text: z.string() }) }, async ({ id, text }) => {
  void suggestTags(id, text);
  return { content: [{ type: 'text', text: `Saved ${id}` }] };
});
