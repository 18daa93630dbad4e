import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const tags = new Map<string, string[]>();

async function suggestTags(id: string, text: string): Promise<void> {
  // @mcp-mrtr-migrate push-outside-request: server.server.createMessage in suggestTags(): tool handler add_note starts it without waiting for it (suggestTags(id, text)), so it runs on after the handler has answered and there is no request left to attach the question to
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Tags for: ${text}` } }],
    maxTokens: 50,
  });
  if (result.content.type === 'text') tags.set(id, result.content.text.split(','));
}

server.registerTool('add_note', { inputSchema: z.object({ id: z.string(), text: z.string() }) }, async ({ id, text }) => {
  // @mcp-mrtr-migrate push-not-awaited: suggestTags() (asks through server.server.createMessage) in tool handler 'add_note' is not awaited (fire-and-forget)
  void suggestTags(id, text);
  return { content: [{ type: 'text', text: `Saved ${id}` }] };
});
