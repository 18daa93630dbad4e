import type { ServerContext } from '@modelcontextprotocol/server';

export async function askReason(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  const started = Date.now();
  try {
    // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), called by tool handler close_ticket (../server.ts); it is not lifted into that handler because a `finally` around the question would run on the leg that asks as well as on the one that answers
    const answer = await ctx.mcpReq.elicitInput({
      message: `Why close ${ticket}?`,
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
    });
    return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
  } finally {
    console.log('asked about', ticket, 'for', Date.now() - started, 'ms');
  }
}
