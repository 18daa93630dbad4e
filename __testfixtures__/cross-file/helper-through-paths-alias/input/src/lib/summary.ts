import type { ServerContext } from '@modelcontextprotocol/server';

/** One paragraph from the client's model. */
export async function summarize(ctx: ServerContext, text: string): Promise<string> {
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${text}` } }],
    maxTokens: 200,
  });
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  return block?.type === 'text' ? block.text : '';
}
