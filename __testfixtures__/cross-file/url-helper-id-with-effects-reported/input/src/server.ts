import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { link } from './link.js';

const server = new McpServer({ name: 'oauth-helper', version: '1.0.0' });

server.registerTool(
  'relink-account',
  { description: 'Link the account again', inputSchema: z.object({ user: z.string() }) },
  async ({ user }, ctx) => {
    const action = await link(ctx, user);
    return { content: [{ type: 'text', text: `relinked: ${action}` }] };
  },
);
