// The same consent flow, but the callback route also asks the Map whether a flow is pending:
// forgetting the entry at the end of the first leg (the finally, once per leg) would make the route
// reject the redirect of a flow that is still pending, so the question is left as it was and
// reported.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });
const pendingFlows = new Map<string, () => Promise<void>>();

server.registerTool(
  'connect-calendar',
  { description: 'Connect a calendar', inputSchema: z.object({ provider: z.string() }) },
  async ({ provider }, ctx) => {
    const elicitationId = crypto.randomUUID();
    // @mcp-mrtr-migrate completion-notifier-removed: server.server.createElicitationCompletionNotifier in tool handler connect-calendar: notifications/elicitation/complete no longer exists
    pendingFlows.set(elicitationId, server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: ctx.mcpReq.id }));
    try {
      // @mcp-mrtr-migrate push-in-try: ctx.mcpReq.elicitInput in tool handler 'connect-calendar': the try around the question has a finally block, which would run once per leg after migration: it deletes an entry of pendingFlows, which this file also uses otherwise (`pendingFlows.has`), where an entry deleted when the first leg returns instead of when the call ends could be seen
      const result = await ctx.mcpReq.elicitInput(
        { mode: 'url', message: `Grant ${provider} access`, url: `https://calendar.example.com/consent?state=${elicitationId}`, elicitationId },
        { timeout: 10 * 60_000, signal: ctx.mcpReq.signal },
      );
      if (result.action !== 'accept') {
        return { content: [{ type: 'text', text: `Consent ${result.action}.` }] };
      }
      return { content: [{ type: 'text', text: `Connected ${provider}.` }] };
    } finally {
      pendingFlows.delete(elicitationId);
    }
  },
);

export async function completeFlow(elicitationId: string): Promise<boolean> {
  if (!pendingFlows.has(elicitationId)) return false;
  await pendingFlows.get(elicitationId)?.();
  return true;
}
