import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReason } from './lib/reason.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const reason = await askReason(ctx, employee);
    if (reason === undefined) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}: ${reason}` }] };
  },
);

export { server };
