// A URL-mode consent flow whose completion notifier is kept in a Map under the elicitation id and
// forgotten in a finally around the question. 2026-07-28 has no completion notification: the
// notifier becomes a no-op, and the finally, which now runs at the end of every leg, only deletes
// that no-op's entry (the callback route below calls what it finds, or nothing): the try is kept.
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

export async function completeFlow(elicitationId: string): Promise<void> {
  await pendingFlows.get(elicitationId)?.();
}
