// A URL-mode question in a helper of another module whose elicitationId is computed by track(),
// which records it for the out-of-band completion: lifting it would drop the call (2026-07-28 has no
// elicitationId), so the helper and its calling handler stay as they were, each reported.
import type { ServerContext } from '@modelcontextprotocol/server';

const pending = new Map<string, string>();
function track(user: string): string {
  const id = `link-${user}-${pending.size}`;
  pending.set(id, user);
  return id;
}

export async function link(ctx: ServerContext, user: string) {
  const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link again', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) });
  return answer.action;
}
