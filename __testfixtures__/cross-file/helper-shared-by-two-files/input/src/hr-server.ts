import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReason } from './lib/reason.js';

export const server = new McpServer({ name: 'hr', version: '1.0.0' });

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const reason = await askReason(ctx, employee, { choices: ['left', 'contract ended', 'other'] });
    if (reason === undefined) return { content: [{ type: 'text', text: `${employee} stays` }] };
    return { content: [{ type: 'text', text: `Offboarded ${employee}: ${reason}` }] };
  },
);
