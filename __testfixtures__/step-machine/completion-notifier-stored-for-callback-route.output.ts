import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

function newLoginId(): string {
  return randomUUID();
}

const pendingLogins = new Map<string, { provider: string; onComplete: () => Promise<void> }>();
export const sessions = new Map<string, string>();

type ConnectAccountState = { step: 'consent'; loginId: string };
server.registerTool(
  'connect-account',
  { description: 'Sign in to a provider', inputSchema: z.object({ provider: z.string() }) },
  async ({ provider }, ctx) => {
    let state = await mrtrState.resume<ConnectAccountState>(ctx, 'connect-account', { provider });
    if (state === undefined) {
      const loginId = newLoginId();
      const notifyComplete = async () => {};
      pendingLogins.set(loginId, { provider, onComplete: notifyComplete });
      state = { step: 'consent', loginId };
    }
    const { loginId } = state;
    const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: `Sign in to ${provider} in your browser`, url: `https://auth.example.com/start?login=${loginId}` };
    const consent = elicitAnswer(ctx, 'consent', consentRequest);
    if (consent === undefined) {
      return inputRequired({
        inputRequests: {
          consent: inputRequired.elicitUrl(consentRequest),
        },
        requestState: await mrtrState.mint(ctx, 'connect-account', { provider }, state),
      });
    }
    if (consent.action !== 'accept') {
      pendingLogins.delete(loginId);
      return { content: [{ type: 'text', text: 'Sign-in cancelled' }] };
    }
    return { content: [{ type: 'text', text: `Waiting for sign-in ${loginId}` }] };
  },
);

// OAuth redirect target: stores the session and tells the client the URL step has finished.
export const callback = createServer(async (req, res) => {
  const loginId = new URL(req.url ?? '/', 'https://auth.example.com').searchParams.get('login') ?? '';
  const pending = pendingLogins.get(loginId);
  if (!pending) {
    res.writeHead(410).end();
    return;
  }
  sessions.set(loginId, pending.provider);
  pendingLogins.delete(loginId);
  // @mcp-mrtr-migrate completion-notifier-removed: pending.onComplete() may call the completion notifier of tool handler 'connect-account', which is now a no-op: the client is no longer told here that the URL step finished; it retries the request by itself
  await pending.onComplete();
  res.writeHead(200).end('Signed in');
});
