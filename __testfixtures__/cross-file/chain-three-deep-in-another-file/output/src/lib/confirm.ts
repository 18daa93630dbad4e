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
function confirmParams(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.ok === true;
}

// Two helpers on the way to the question, each with code of its own before and after it.
async function confirmAction(ctx: ServerContext, action: string, employee: string): Promise<string | undefined> {
  const message = `${action} ${employee}?`;
  const ok = await confirm(ctx, message);
  return ok ? action.toLowerCase() : undefined;
}

/** The request confirmAction() asks with (its code before the question). */
function confirmActionParams(action: string, employee: string): ElicitRequestFormParams {
  const message = `${action} ${employee}?`;
  return confirmParams(message);
}

/** What confirmAction() does with the answer (its code after the question). */
function confirmActionOutcome(action: string, answer: ElicitResult): string | undefined {
  const ok = confirmOutcome(answer);
  return ok ? action.toLowerCase() : undefined;
}

export async function confirmRemoval(ctx: ServerContext, employee: string): Promise<string> {
  const done = await confirmAction(ctx, 'Remove', employee);
  return done ?? 'kept';
}

/** The request confirmRemoval() asks with (its code before the question). */
export function confirmRemovalParams(employee: string): ElicitRequestFormParams {
  return confirmActionParams('Remove', employee);
}

/** What confirmRemoval() does with the answer (its code after the question). */
export function confirmRemovalOutcome(answer: ElicitResult): string {
  const done = confirmActionOutcome('Remove', answer);
  return done ?? 'kept';
}
