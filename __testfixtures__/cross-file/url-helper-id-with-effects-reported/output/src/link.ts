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
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper link(), called by tool handler relink-account (./server.ts); it is not lifted into that handler because the rewrite would drop its elicitationId (`track(user)`), which 2026-07-28 has no place for, and evaluating that code has effects
  const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link again', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) });
  return answer.action;
}
