// A URL-mode consent flow whose completion notifier is kept in a Map under the elicitation id and
// forgotten in a finally around the question. 2026-07-28 has no completion notification: the
// notifier becomes a no-op, and the finally, which now runs at the end of every leg, only deletes
// that no-op's entry (the callback route below calls what it finds, or nothing): the try is kept.
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'calendar', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
const pendingFlows = new Map<string, () => Promise<void>>();

type ConnectCalendarState = { step: 'consent'; elicitationId: `${string}-${string}-${string}-${string}-${string}` };
server.registerTool(
  'connect-calendar',
  { description: 'Connect a calendar', inputSchema: z.object({ provider: z.string() }) },
  async ({ provider }, ctx) => {
    const resumed = await mrtrState.resume<ConnectCalendarState>(ctx, 'connect-calendar', { provider });
    let elicitationId: `${string}-${string}-${string}-${string}-${string}`;
    if (resumed === undefined) {
      elicitationId = crypto.randomUUID();
      pendingFlows.set(elicitationId, async () => {});
    } else {
      ({ elicitationId } = resumed);
    }
    try {
      let state = resumed;
      state ??= { step: 'consent', elicitationId };
      const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: `Grant ${provider} access`, url: `https://calendar.example.com/consent?state=${elicitationId}` };
      const result = elicitAnswer(ctx, 'consent', consentRequest);
      if (result === undefined) {
        return inputRequired({
          inputRequests: {
            consent: inputRequired.elicitUrl(consentRequest),
          },
          requestState: await mrtrState.mint(ctx, 'connect-calendar', { provider }, state),
        });
      }
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
  // @mcp-mrtr-migrate completion-notifier-removed: pendingFlows.get(elicitationId)?.() may call the completion notifier of tool handler 'connect-calendar', which is now a no-op: the client is no longer told here that the URL step finished; it retries the request by itself
  await pendingFlows.get(elicitationId)?.();
}
