// A helper asked once per item that throws after its question (an answer it cannot use). In the
// original the loop stops at that item, before the later items are asked; asking every item in
// one round would ask questions the original never asks. Reported (push-in-loop), left as it was.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'research', version: '1.0.0' });

async function summarise(ctx: ServerContext, topic: string): Promise<string> {
  const reply = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${topic}` } }],
    maxTokens: 200,
  });
  const block = Array.isArray(reply.content) ? reply.content[0] : reply.content;
  if (block?.type === 'text') return block.text;
  throw new Error(`No summary of ${topic}`);
}

server.registerTool('summarise-topics', { inputSchema: z.object({ topics: z.array(z.string()) }) }, async ({ topics }, ctx) => {
  const summaries: string[] = [];
  for (const topic of topics) {
    const summary = await summarise(ctx, topic);
    summaries.push(summary);
  }
  return { content: [{ type: 'text', text: summaries.join('\n') }] };
});
