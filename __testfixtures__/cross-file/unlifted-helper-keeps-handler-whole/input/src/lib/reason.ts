import type { ServerContext } from '@modelcontextprotocol/server';

export async function askReason(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  const started = Date.now();
  try {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Why close ${ticket}?`,
      requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
    });
    return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
  } finally {
    console.log('asked about', ticket, 'for', Date.now() - started, 'ms');
  }
}
