import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { trackLogin } from './support/login-tracker.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

function newLoginId(): string {
  return randomUUID();
}

server.registerTool(
  'connect-account',
  { description: 'Sign in to a provider', inputSchema: z.object({ provider: z.string() }) },
  async ({ provider }, ctx) => {
    const loginId = newLoginId();
    // @mcp-mrtr-migrate completion-notifier-removed: server.server.createElicitationCompletionNotifier in tool handler connect-account: notifications/elicitation/complete no longer exists, and it cannot become a no-op: it is passed to trackLogin(…), whose use of it cannot be seen with certainty
    const notifyComplete = server.server.createElicitationCompletionNotifier(loginId);
    trackLogin(loginId, notifyComplete);
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler connect-account left as it was: its completion notifier is stored or passed on and cannot be removed automatically
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Sign in to ${provider} in your browser`,
      url: `https://auth.example.com/start?login=${loginId}`,
      elicitationId: loginId,
    });
    if (consent.action !== 'accept') return { content: [{ type: 'text', text: 'Sign-in cancelled' }] };
    return { content: [{ type: 'text', text: `Waiting for sign-in ${loginId}` }] };
  },
);
