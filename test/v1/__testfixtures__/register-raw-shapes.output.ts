// v1's registerTool / registerPrompt took raw shapes in their configs; v2 takes schemas. The
// object literal is wrapped in z.object(…) where it stands; comments after it stay put.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool(
    'add',
    {
      description: 'Add two numbers',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      outputSchema: z.object({
        sum: z.number(),
      }),
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool(
    'tick',
    {
      description: 'Counts calls',
      inputSchema: z.object({}), // empty, so the callback receives (args, extra)
    },
    async () => ({ content: [{ type: 'text', text: 'tick' }] }),
  );
  server.registerPrompt('ask', { argsSchema: z.object({ question: z.string() }) }, ({ question }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: question } }],
  }));
}
