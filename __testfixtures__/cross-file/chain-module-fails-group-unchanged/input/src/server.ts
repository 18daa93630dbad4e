import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmRemoval } from './lib/removal.js';

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

export { server };
