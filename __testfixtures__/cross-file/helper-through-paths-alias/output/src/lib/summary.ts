import { type ServerContext, type CreateMessageRequestParams, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/server';

/** One paragraph from the client's model. */
export async function summarize(ctx: ServerContext, text: string): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.requestSampling is made in helper summarize(), whose question was lifted into the handlers migrated so far (they use summarizeParams() instead); summarize() itself still asks, for the callers it has left or because it is exported
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${text}` } }],
    maxTokens: 200,
  });
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  return block?.type === 'text' ? block.text : '';
}

/** The request summarize() asks with (its code before the question). */
export function summarizeParams(text: string): CreateMessageRequestParams {
  return {
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${text}` } }],
    maxTokens: 200,
  };
}

/** What summarize() does with the answer (its code after the question). */
export function summarizeOutcome(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  return block?.type === 'text' ? block.text : '';
}
