import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function summarizeIfLong(ctx: ServerContext, body: string): Promise<string> {
  if (body.length < 200) return body;
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${body}` } }],
    maxTokens: 100,
  });
  if (Array.isArray(result.content)) return body;
  return result.content.type === 'text' ? result.content.text : body;
}

server.registerTool(
  'digest',
  { description: 'Digest a note', inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    const summary = await summarizeIfLong(ctx, body);
    return { content: [{ type: 'text', text: summary }] };
  },
);
