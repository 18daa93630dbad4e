import type { ServerContext } from '@modelcontextprotocol/server';

export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

// Two helpers on the way to the question, each with code of its own before and after it.
async function confirmAction(ctx: ServerContext, action: string, employee: string): Promise<string | undefined> {
  const message = `${action} ${employee}?`;
  const ok = await confirm(ctx, message);
  return ok ? action.toLowerCase() : undefined;
}

export async function confirmRemoval(ctx: ServerContext, employee: string): Promise<string> {
  const done = await confirmAction(ctx, 'Remove', employee);
  return done ?? 'kept';
}
