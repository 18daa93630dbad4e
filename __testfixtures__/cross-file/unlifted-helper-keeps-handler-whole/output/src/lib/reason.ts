import type { ServerContext } from '@modelcontextprotocol/server';

export async function askReason(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  console.log('asking', ticket);
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), called by tool handler close_ticket (../server.ts); it is not lifted into that handler because code before the call has side effects, which would run again when the client retries
  const answer = await ctx.mcpReq.elicitInput({
    message: `Why close ${ticket}?`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
}
