import type { ServerContext } from '@modelcontextprotocol/server';

/** Short notes are stored without a question; long ones are confirmed first. */
export async function confirmIfLong(ctx: ServerContext, body: string): Promise<boolean> {
  if (body.length < 200) return true;
  const answer = await ctx.mcpReq.elicitInput({
    message: `Store a note of ${body.length} characters?`,
    requestedSchema: { type: 'object', properties: { store: { type: 'boolean' } }, required: ['store'] },
  });
  return answer.action === 'accept' && answer.content?.store === true;
}
