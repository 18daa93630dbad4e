import { type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

/** Short notes are stored without a question; long ones are confirmed first. */
export async function confirmIfLong(ctx: ServerContext, body: string): Promise<boolean> {
  if (body.length < 200) return true;
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirmIfLong(), whose question was lifted into the handlers migrated so far (they use confirmIfLongParams() instead); confirmIfLong() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message: `Store a note of ${body.length} characters?`,
    requestedSchema: { type: 'object', properties: { store: { type: 'boolean' } }, required: ['store'] },
  });
  return answer.action === 'accept' && answer.content?.store === true;
}

/** The request confirmIfLong() asks with, or its result when it returns without asking (its code before the question). */
export function confirmIfLongParams(body: string): { ask: ElicitRequestFormParams } | { done: boolean } {
  if (body.length < 200) return { done: true };
  return { ask: {
    message: `Store a note of ${body.length} characters?`,
    requestedSchema: { type: 'object', properties: { store: { type: 'boolean' } }, required: ['store'] },
  } };
}

/** What confirmIfLong() does with the answer (its code after the question). */
export function confirmIfLongOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.store === true;
}
