import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirm } from './lib/confirm.js';
import { confirmRemoval } from './lib/removal.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

// Its first question could be lifted, its second cannot: the handler stays whole.
server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const sure = await confirm(ctx, `Really ${employee}?`);
    if (!sure || !(await confirmRemoval(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${employee}` }] };
  },
);

export { server };
