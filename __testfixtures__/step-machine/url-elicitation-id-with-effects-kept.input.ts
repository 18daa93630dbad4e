// URL elicitations whose elicitationId is computed by a call with effects (track() records the id
// for the out-of-band completion): 2026-07-28 has no elicitationId, and stripping the field would
// drop the call, so those handlers stay as they were, reported: a thrown UrlElicitationRequiredError,
// a direct question, and a question in a helper the handler calls. An id drawn with randomUUID()
// has no effect to lose: that handler migrates.
import { randomUUID } from 'node:crypto';
import { McpServer, UrlElicitationRequiredError, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'oauth-links', version: '1.0.0' });

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
    const answer = await ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link your account', url: `https://auth.example.com/link?user=${user}`, elicitationId: track(user) });
    return { content: [{ type: 'text', text: `linked: ${answer.action}` }] };
  },
);

server.registerTool(
  'list-gists',
  { description: 'List gists of the linked account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }) => {
    if (!pending.has(user)) {
      throw new UrlElicitationRequiredError([
        { mode: 'url', message: 'Link your account first', url: `https://auth.example.com/link?user=${user}`, elicitationId: randomUUID() },
      ]);
    }
    return { content: [{ type: 'text', text: `Gists of ${user}` }] };
  },
);

async function relink(ctx: ServerContext, user: string) {
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
