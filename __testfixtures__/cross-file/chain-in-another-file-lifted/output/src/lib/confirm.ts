import { type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), whose question was lifted into the handlers migrated so far (they use confirmParams() instead); confirm() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

/** The request confirm() asks with (its code before the question). */
export function confirmParams(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
export function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.ok === true;
}

// Asks only through confirm() of this module: a chain its callers in other files can lift.
export async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirm(ctx, `Remove ${employee}?`);
}

/** The request confirmRemoval() asks with (its code before the question). */
export function confirmRemovalParams(employee: string): ElicitRequestFormParams {
  return confirmParams(`Remove ${employee}?`);
}

/** What confirmRemoval() does with the answer (its code after the question). */
export function confirmRemovalOutcome(answer: ElicitResult): boolean {
  return confirmOutcome(answer);
}
