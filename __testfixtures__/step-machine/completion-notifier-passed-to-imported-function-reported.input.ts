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
    const notifyComplete = server.server.createElicitationCompletionNotifier(loginId);
    trackLogin(loginId, notifyComplete);
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
