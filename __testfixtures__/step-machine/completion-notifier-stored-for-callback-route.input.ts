import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

function newLoginId(): string {
  return randomUUID();
}

const pendingLogins = new Map<string, { provider: string; onComplete: () => Promise<void> }>();
export const sessions = new Map<string, string>();

server.registerTool(
  'connect-account',
  { description: 'Sign in to a provider', inputSchema: z.object({ provider: z.string() }) },
  async ({ provider }, ctx) => {
    const loginId = newLoginId();
    const notifyComplete = server.server.createElicitationCompletionNotifier(loginId);
    pendingLogins.set(loginId, { provider, onComplete: notifyComplete });
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Sign in to ${provider} in your browser`,
      url: `https://auth.example.com/start?login=${loginId}`,
      elicitationId: loginId,
    });
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
  await pending.onComplete();
  res.writeHead(200).end('Signed in');
});
