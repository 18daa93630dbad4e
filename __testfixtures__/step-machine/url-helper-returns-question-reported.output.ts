// A URL-mode question a helper returns without awaiting it is not lifted (only one the helper awaits
// in a statement at its top level is): the helper is reported with that reason, and its handler stays.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'oauth-helper', version: '1.0.0' });

async function link(ctx: ServerContext, user: string) {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper link(), called by tool handler relink-account; it is not lifted into that handler because the question is a URL-mode elicitation, which is lifted only when the helper awaits it in a statement at its top level (`const answer = await …`)
  return ctx.mcpReq.elicitInput({ mode: 'url', message: 'Link again', url: `https://auth.example.com/link?user=${user}`, elicitationId: `link-${user}` });
}

server.registerTool(
  'relink-account',
  { description: 'Link the account again', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    const answer = await link(ctx, user);
    return { content: [{ type: 'text', text: `relinked: ${answer.action}` }] };
  },
);
