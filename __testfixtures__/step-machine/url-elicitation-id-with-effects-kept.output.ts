// URL elicitations whose elicitationId is computed by a call with effects (track() records the id
// for the out-of-band completion): 2026-07-28 has no elicitationId, and stripping the field would
// drop the call, so those handlers stay as they were, reported: a thrown UrlElicitationRequiredError,
// a direct question, and a question in a helper the handler calls. An id drawn with randomUUID()
// has no effect to lose: that handler migrates.
import { McpServer, UrlElicitationRequiredError, type ServerContext, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'oauth-links', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const pending = new Map<string, string>();

function track(user: string): string {
  const id = `link-${user}-${pending.size}`;
  pending.set(id, user);
  return id;
}

server.registerTool(
  'list-repos',
  { description: 'List repositories of the linked account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }) => {
    if (![...pending.values()].includes(user)) {
      // @mcp-mrtr-migrate push-request: new UrlElicitationRequiredError in tool handler 'list-repos': the rewrite would drop its elicitationId (`track(user)`), which 2026-07-28 has no place for, and evaluating that code has effects
      throw new UrlElicitationRequiredError([
        { mode: 'url', message: 'Link your account first', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) },
      ]);
    }
    return { content: [{ type: 'text', text: `Repositories of ${user}` }] };
  },
);

server.registerTool(
  'link-account',
  { description: 'Link the account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'link-account': the rewrite would drop its elicitationId (`track(user)`), which 2026-07-28 has no place for, and evaluating that code has effects
    const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link your account', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) });
    return { content: [{ type: 'text', text: `linked: ${answer.action}` }] };
  },
);

server.registerTool(
  'list-gists',
  { description: 'List gists of the linked account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    const resumed = await mrtrState.resume<{ step: string }>(ctx, 'list-gists', { user });
    if (resumed?.step === 'url-consent') {
      const urlConsent = elicitAnswer(ctx, 'consent', {});
      if (urlConsent?.action === 'decline' || urlConsent?.action === 'cancel') throw new Error('The URL step was declined');
    }
    if (!pending.has(user)) {
      const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: 'Link your account first', url: `https://auth.example.com/link?user=${user}` };
      const consent = elicitAnswer(ctx, 'consent', consentRequest);
      if (consent?.action === 'decline' || consent?.action === 'cancel') {
        throw new Error('The URL step was declined');
      }
      return inputRequired({
        inputRequests: {
          consent: inputRequired.elicitUrl(consentRequest),
        },
        requestState: await mrtrState.mint(ctx, 'list-gists', { user }, { step: 'url-consent' }),
      });
    }
    return { content: [{ type: 'text', text: `Gists of ${user}` }] };
  },
);

async function relink(ctx: ServerContext, user: string) {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper relink(), called by tool handler relink-account; it is not lifted into that handler because the rewrite would drop its elicitationId (`track(user)`), which 2026-07-28 has no place for, and evaluating that code has effects
  const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link again', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) });
  return answer.action;
}

server.registerTool(
  'relink-account',
  { description: 'Link the account again', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    const action = await relink(ctx, user);
    return { content: [{ type: 'text', text: `relinked: ${action}` }] };
  },
);
