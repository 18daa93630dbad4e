// Browser automation server: signs in to third-party sites through an out-of-band OAuth flow and
// lets the user finish payment pages in their own browser.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://localhost:8931';
const log = createLogger('browser-auth');

interface PendingLogin {
  provider: string;
  startedAt: number;
  onComplete: () => Promise<void>;
}

const pendingLogins = new Map<string, PendingLogin>();
export const sessions = new Map<string, { provider: string; cookie: string }>();

const server = new McpServer({ name: 'browser-auth', version: '2.1.0' });

server.registerTool(
  'connect_account',
  {
    description: 'Sign in to a provider (GitHub, Google, Atlassian) so later browser tools are authenticated',
    inputSchema: z.object({ provider: z.enum(['github', 'google', 'atlassian']) }),
  },
  async ({ provider }, ctx) => {
    const loginId = randomUUID();
    const notifyComplete = server.server.createElicitationCompletionNotifier(loginId);
    pendingLogins.set(loginId, { provider, startedAt: Date.now(), onComplete: notifyComplete });
    log.info('login started', { loginId, provider });
    const result = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Sign in to ${provider} in your browser. The page closes itself when you are done.`,
      url: `${PUBLIC_URL}/oauth/start?login=${loginId}&provider=${provider}`,
      elicitationId: loginId,
    });
    if (result.action !== 'accept') {
      pendingLogins.delete(loginId);
      return { content: [{ type: 'text', text: `Sign-in to ${provider} was ${result.action === 'decline' ? 'declined' : 'cancelled'}` }] };
    }
    return { content: [{ type: 'text', text: `Waiting for the ${provider} sign-in to finish (login ${loginId})` }] };
  },
);

server.registerTool(
  'open_checkout',
  {
    description: 'Open a checkout page for the user to complete in their browser',
    inputSchema: z.object({ cartId: z.string(), total: z.string() }),
  },
  async ({ cartId, total }, ctx) => {
    if (!server.server.getClientCapabilities()?.elicitation?.url) {
      return { content: [{ type: 'text', text: `Open ${PUBLIC_URL}/checkout/${cartId} to pay ${total}` }] };
    }
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Complete the payment of ${total} in your browser`,
      url: `${PUBLIC_URL}/checkout/${encodeURIComponent(cartId)}`,
      elicitationId: `checkout-${cartId}`,
    });
    if (consent.action !== 'accept') return { content: [{ type: 'text', text: 'Checkout not opened' }] };
    return { content: [{ type: 'text', text: `Checkout for cart ${cartId} is open in your browser` }] };
  },
);

// OAuth redirect target: stores the session and tells the client the URL step has finished.
export const callbackServer = createHttpServer(async (req, res) => {
  const url = new URL(req.url ?? '/', PUBLIC_URL);
  if (url.pathname !== '/oauth/callback') {
    res.writeHead(404).end();
    return;
  }
  const loginId = url.searchParams.get('login') ?? '';
  const pending = pendingLogins.get(loginId);
  if (!pending) {
    res.writeHead(410).end('This sign-in link has expired');
    return;
  }
  try {
    sessions.set(loginId, { provider: pending.provider, cookie: url.searchParams.get('code') ?? '' });
    pendingLogins.delete(loginId);
    await pending.onComplete();
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Signed in. You can close this tab.</p>');
  } catch (error) {
    log.error('oauth callback failed', { loginId, error: errorMessage(error) });
    res.writeHead(500).end('Sign-in failed');
  }
});

export default server;
