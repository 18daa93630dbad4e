// A question several tools ask: why an employee is being removed.
import { type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

export interface ReasonOptions {
  /** Offer these reasons as a choice instead of free text. */
  choices?: string[];
}

export async function askReason(ctx: ServerContext, employee: string, options: ReasonOptions = {}): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), whose question was lifted into the handlers migrated so far (they use askReasonParams() instead); askReason() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message: `Reason for removing ${employee}?`,
    requestedSchema: options.choices
      ? { type: 'object', properties: { reason: { type: 'string', enum: options.choices } }, required: ['reason'] }
      : { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  if (answer.action !== 'accept') return undefined;
  return String(answer.content?.reason).trim();
}

/** The request askReason() asks with (its code before the question). */
export function askReasonParams(employee: string, options: ReasonOptions = {}): ElicitRequestFormParams {
  return {
    message: `Reason for removing ${employee}?`,
    requestedSchema: options.choices
      ? { type: 'object', properties: { reason: { type: 'string', enum: options.choices } }, required: ['reason'] }
      : { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  };
}

/** What askReason() does with the answer (its code after the question). */
export function askReasonOutcome(answer: ElicitResult): string | undefined {
  if (answer.action !== 'accept') return undefined;
  return String(answer.content?.reason).trim();
}
