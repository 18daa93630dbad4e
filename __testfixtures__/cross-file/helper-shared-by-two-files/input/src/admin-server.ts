import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReason as reasonFor } from './lib/reason.js';

export const server = new McpServer({ name: 'admin', version: '1.0.0' });

server.registerTool(
  'suspend',
  { description: 'Suspend an account', inputSchema: z.object({ account: z.string() }) },
  async ({ account }, ctx) => {
    const reason = await reasonFor(ctx, account);
    return { content: [{ type: 'text', text: reason ? `Suspended ${account}: ${reason}` : `${account} stays active` }] };
  },
);
