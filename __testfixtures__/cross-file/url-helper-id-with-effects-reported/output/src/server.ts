import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { link } from './link.js';

const server = new McpServer({ name: 'oauth-helper', version: '1.0.0' });

server.registerTool(
  'relink-account',
  { description: 'Link the account again', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    // @mcp-mrtr-migrate push-in-helper: link() in ./link.js asks the client (ctx.mcpReq.elicitInput) and is not lifted (the rewrite would drop its elicitationId (`track(user)`), which 2026-07-28 has no place for, and evaluating that code has effects), so this handler is left as it was
    const action = await link(ctx, user);
    return { content: [{ type: 'text', text: `relinked: ${action}` }] };
  },
);
