// Raw shapes beside schemas: v2's registerTool takes either schemas only or an input raw shape (with
// an output raw shape or schema), and its registered tools' and prompts' update() schemas only. A
// shape known by the file (a const holding a literal, a schema's `.shape`) or by the checker (an
// import, with the dependencies installed) is wrapped where a schema stands beside it; an input
// literal beside an output neither can tell (typed `any`) stays a raw shape.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ImportedOutput, ImportedSchema } from './register-shapes-mixed.shapes.js';

const Sum = { sum: z.number() };
const Pair = z.object({ a: z.number(), b: z.number() });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schemas loaded by name
const registry: Record<string, any> = { total: { total: z.number() } };

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
  server.registerTool('other', { inputSchema: z.object({ a: z.number() }), outputSchema: z.object(ImportedOutput) }, async ({ a }) => ({
    content: [],
    structuredContent: { total: a },
  }));
  server.registerTool('schema', { inputSchema: z.object({ a: z.number() }), outputSchema: ImportedSchema }, async ({ a }) => ({
    content: [],
    structuredContent: { total: a },
  }));
  server.registerTool('loose', { inputSchema: { a: z.number() }, outputSchema: registry.total }, async ({ a }) => ({
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
