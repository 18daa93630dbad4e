import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmIfLong } from './lib/confirm.js';

export const stored: string[] = [];

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool(
  'store',
  { description: 'Store a note', inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    if (!(await confirmIfLong(ctx, body))) return { content: [{ type: 'text', text: 'Not stored' }] };
    stored.push(body);
    return { content: [{ type: 'text', text: 'Stored' }] };
  },
);
