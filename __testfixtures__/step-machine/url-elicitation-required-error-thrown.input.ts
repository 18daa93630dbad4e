import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'oauth-proxy', version: '1.0.0' });

const linkedAccounts = new Set<string>();

server.registerTool(
  'list-repos',
  { description: 'List repositories of the linked account', inputSchema: z.object({ user: z.string() }) },
  async ({ user }) => {
    if (!linkedAccounts.has(user)) {
      throw new UrlElicitationRequiredError([
        { mode: 'url', message: 'Link your account first', url: `https://auth.example.com/link?user=${user}`, elicitationId: `link-${user}` },
      ]);
    }
    return { content: [{ type: 'text', text: `Repositories of ${user}` }] };
  },
);
