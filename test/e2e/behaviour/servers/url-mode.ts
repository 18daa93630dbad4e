// URL-mode elicitation, both ways: an awaited elicitInput({ mode: 'url' }) and the thrown
// UrlElicitationRequiredError of a tool that needs a linked account. The "browser" flow is out of
// band: the test completes it by calling completeLink() when the user accepts.
import { randomUUID } from 'node:crypto';
import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

/** Accounts whose out-of-band link flow has finished (a database in a real server). */
export const linkedAccounts = new Set<string>();

/** Completion notifiers of pending calendar consents, by elicitation id (called by the consent callback). */
const pendingConsents = new Map<string, () => Promise<void>>();

/** The consent page's callback in a real server: tells the client the URL step finished. */
export async function completeConsent(elicitationId: string): Promise<void> {
  await pendingConsents.get(elicitationId)?.();
}

/** What the OAuth callback of a real server would do. */
export function completeLink(user: string): void {
  linkedAccounts.add(user);
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'bank-bridge', version: '1.0.0' });

  server.registerTool(
    'connect-bank',
    {
      description: 'Connect a bank account through the bank website',
      inputSchema: z.object({ bank: z.string() }),
    },
    async ({ bank }, ctx) => {
      effects.push(`start-connect:${bank}`);
      const consent = await ctx.mcpReq.elicitInput({
        mode: 'url',
        message: `Sign in to ${bank} to connect your account`,
        url: `https://bank.example.com/connect/${encodeURIComponent(bank)}`,
        elicitationId: randomUUID(),
      });
      if (consent.action !== 'accept') {
        effects.push(`abort-connect:${bank}`);
        return { content: [{ type: 'text', text: `${bank} not connected (${consent.action})` }] };
      }
      effects.push(`await-callback:${bank}`);
      return { content: [{ type: 'text', text: `Connecting ${bank}; finish in the browser` }] };
    },
  );

  // The notifier is forgotten in a finally around the question (kept per leg after migration).
  server.registerTool(
    'connect-calendar',
    {
      description: 'Connect a calendar through a hosted consent page',
      inputSchema: z.object({ provider: z.string() }),
    },
    async ({ provider }, ctx) => {
      effects.push(`start-consent:${provider}`);
      const elicitationId = randomUUID();
      pendingConsents.set(elicitationId, server.server.createElicitationCompletionNotifier(elicitationId, { relatedRequestId: ctx.mcpReq.id }));
      try {
        const consent = await ctx.mcpReq.elicitInput({
          mode: 'url',
          message: `Grant ${provider} calendar access`,
          url: `https://calendar.example.com/consent/${encodeURIComponent(provider)}?state=${elicitationId}`,
          elicitationId,
        });
        if (consent.action !== 'accept') {
          effects.push(`abort-consent:${provider}`);
          return { content: [{ type: 'text', text: `Consent ${consent.action}` }] };
        }
        effects.push(`consented:${provider}`);
        return { content: [{ type: 'text', text: `Connected ${provider}` }] };
      } finally {
        pendingConsents.delete(elicitationId);
      }
    },
  );

  server.registerTool(
    'list-accounts',
    {
      description: 'List the accounts of a linked user',
      inputSchema: z.object({ user: z.string() }),
    },
    async ({ user }) => {
      effects.push(`check-link:${user}`);
      if (!linkedAccounts.has(user)) {
        throw new UrlElicitationRequiredError([
          {
            mode: 'url',
            message: 'Link your bank first',
            url: `https://bank.example.com/link?user=${encodeURIComponent(user)}`,
            elicitationId: `link-${user}`,
          },
        ]);
      }
      effects.push(`list:${user}`);
      return { content: [{ type: 'text', text: `Accounts of ${user}: checking, savings` }] };
    },
  );

  return server;
}
