import { McpServer } from '@modelcontextprotocol/server';

/** Shows a one-off hint in the client's UI; the answer does not matter to the tool. */
function nudgeToUpgrade(server: McpServer, plan: string): void {
  if (plan !== 'free') return;
  // @mcp-mrtr-migrate push-not-awaited: server.server.elicitInput in nudgeToUpgrade() is not awaited and its answer is thrown away (fire-and-forget), so it cannot become an input request: under 2026-07-28 a question is only asked by a result that returns it
  void server.server
    .elicitInput({ mode: 'form', message: 'Upgrade for higher limits?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })
    .catch(() => undefined);
}

export function register(server: McpServer): void {
  server.registerTool('search', { description: 'Searches' }, async (ctx) => {
    const plan = ctx.sessionId ? 'free' : 'pro';
    nudgeToUpgrade(server, plan);
    return { content: [{ type: 'text', text: `results for the ${plan} plan` }] };
  });
}
