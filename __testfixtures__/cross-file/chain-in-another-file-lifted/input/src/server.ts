import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirm, confirmRemoval } from './lib/confirm.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    if (!(await confirmRemoval(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${employee}` }] };
  },
);

server.registerTool(
  'archive_employee',
  { description: 'Archive an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const ok = await confirm(ctx, `Archive ${employee}?`);
    return { content: [{ type: 'text', text: ok ? `Archived ${employee}` : `${employee} stays` }] };
  },
);
