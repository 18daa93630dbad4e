import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'voice', version: '1.0.0' });

/** Asks the host model for a line, inside an async function called where it is written; falls back on any failure. */
async function sampleLine(prompt: string, fallback: string): Promise<string> {
  const pending = (async (): Promise<string> => {
    try {
      // @mcp-mrtr-migrate push-in-helper: server.server.createMessage is made in the async function called where it is written in sampleLine(), called by tool handler cheer; it is not lifted into that handler because it is not a top-level function or const (a closure or a nested function)
      const reply = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 });
      return reply.content.type === 'text' ? reply.content.text : fallback;
    } catch {
      return fallback;
    }
  })();
  return pending;
}

server.registerTool('cheer', { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
  const line = await sampleLine(`Cheer ${name} on`, `Go, ${name}!`);
  return { content: [{ type: 'text', text: line }] };
});
