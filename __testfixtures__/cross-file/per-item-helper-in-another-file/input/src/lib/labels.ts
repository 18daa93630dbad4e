// Asks for a host's label; exported for the tools of other modules.
import type { ServerContext } from '@modelcontextprotocol/server';

export async function askLabel(ctx: ServerContext, host: string): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  });
  return answer.action === 'accept' ? String(answer.content?.label ?? '') : 'unlabelled';
}
