// Asks for a host's label; exported for the tools of other modules.
import { type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

export async function askLabel(ctx: ServerContext, host: string): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askLabel(), whose question was lifted into the handlers migrated so far (they use askLabelParams() instead); askLabel() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  });
  return answer.action === 'accept' ? String(answer.content?.label ?? '') : 'unlabelled';
}

/** The request askLabel() asks with (its code before the question). */
export function askLabelParams(host: string): ElicitRequestFormParams {
  return {
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  };
}

/** What askLabel() does with the answer (its code after the question). */
export function askLabelOutcome(answer: ElicitResult): string {
  return answer.action === 'accept' ? String(answer.content?.label ?? '') : 'unlabelled';
}
