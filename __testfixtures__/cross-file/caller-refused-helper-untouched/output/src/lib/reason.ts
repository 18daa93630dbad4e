// A question several tools ask: why an employee is being removed.
import type { ServerContext } from '@modelcontextprotocol/server';

export interface ReasonOptions {
  /** Offer these reasons as a choice instead of free text. */
  choices?: string[];
}

export async function askReason(ctx: ServerContext, employee: string, options: ReasonOptions = {}): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), called by tool handler offboard (../server.ts); it is not lifted into that handler because its calls there cannot be lifted (see the findings at those calls)
  const answer = await ctx.mcpReq.elicitInput({
    message: `Reason for removing ${employee}?`,
    requestedSchema: options.choices
      ? { type: 'object', properties: { reason: { type: 'string', enum: options.choices } }, required: ['reason'] }
      : { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  if (answer.action !== 'accept') return undefined;
  return String(answer.content?.reason).trim();
}
