import { McpServer } from '@modelcontextprotocol/server';

/** Shows a one-off hint in the client's UI; the answer does not matter to the tool. */
function nudgeToUpgrade(server: McpServer, plan: string): void {
  if (plan !== 'free') return;
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
