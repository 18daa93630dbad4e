// Raw shapes beside schemas: v2's registerTool takes either schemas only or an input raw shape (with
// an output raw shape or schema), and its registered tools' and prompts' update() schemas only. A
// shape known by the file (a const holding a literal, a schema's `.shape`) is wrapped where a schema
// stands beside it; an input literal beside an output the file cannot tell stays a raw shape.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ImportedOutput } from './register-shapes-mixed.shapes.js';

const Sum = { sum: z.number() };
const Pair = z.object({ a: z.number(), b: z.number() });

export function register(server: McpServer): void {
  server.registerTool('add', { inputSchema: z.object({ a: z.number(), b: z.number() }), outputSchema: z.object(Sum) }, async ({ a, b }) => ({
    content: [],
    structuredContent: { sum: a + b },
  }));
  server.registerTool('count', { outputSchema: z.object(Sum) }, async () => ({ content: [], structuredContent: { sum: 1 } }));
  server.registerTool('pair', { inputSchema: Pair.shape, outputSchema: Sum }, async ({ a, b }) => ({
    content: [],
    structuredContent: { sum: a + b },
  }));
  server.registerTool('other', { inputSchema: { a: z.number() }, outputSchema: ImportedOutput }, async ({ a }) => ({
    content: [],
    structuredContent: { total: a },
  }));
  const tool = server.registerTool('later', { inputSchema: z.object({ a: z.number() }) }, async ({ a }) => ({ content: [{ type: 'text', text: String(a) }] }));
  tool.update({ paramsSchema: z.object({ a: z.number(), b: z.number() }), outputSchema: z.object(Sum) });
  const prompt = server.registerPrompt('ask', { argsSchema: z.object({ question: z.string() }) }, ({ question }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: question } }],
  }));
  prompt.update({ argsSchema: z.object(Pair.shape) });
}
