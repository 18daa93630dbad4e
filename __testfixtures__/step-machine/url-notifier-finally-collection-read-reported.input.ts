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
    pendingFlows.set(elicitationId, server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: ctx.mcpReq.id }));
    try {
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
