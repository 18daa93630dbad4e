import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'oauth-proxy', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const linkedAccounts = new Set<string>();

server.registerTool(
  'list-repos',
  { description: 'List repositories of the linked account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    const resumed = await mrtrState.resume<{ step: string }>(ctx, 'list-repos', { user });
    if (resumed?.step === 'url-consent') {
      const urlConsent = elicitAnswer(ctx, 'consent', {});
      if (urlConsent?.action === 'decline' || urlConsent?.action === 'cancel') throw new Error('The URL step was declined');
    }
    if (!linkedAccounts.has(user)) {
      const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: 'Link your account first', url: `https://auth.example.com/link?user=${user}` };
      const consent = elicitAnswer(ctx, 'consent', consentRequest);
      if (consent?.action === 'decline' || consent?.action === 'cancel') {
        throw new Error('The URL step was declined');
      }
      return inputRequired({
        inputRequests: {
          consent: inputRequired.elicitUrl(consentRequest),
        },
        requestState: await mrtrState.mint(ctx, 'list-repos', { user }, { step: 'url-consent' }),
      });
    }
    return { content: [{ type: 'text', text: `Repositories of ${user}` }] };
  },
);
