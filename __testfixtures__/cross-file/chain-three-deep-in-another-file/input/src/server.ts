import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmRemoval as askRemoval } from './lib/confirm.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const outcome = await askRemoval(ctx, employee);
    return { content: [{ type: 'text', text: `${employee}: ${outcome}` }] };
  },
);

export { server };
