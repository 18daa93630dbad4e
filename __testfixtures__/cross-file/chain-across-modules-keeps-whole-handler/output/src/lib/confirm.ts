import type { ServerContext } from '@modelcontextprotocol/server';

export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), called by tool handler remove_employee (../server.ts); it is not lifted into that handler because its calls there cannot be lifted (see the findings at those calls)
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
