import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReason } from './lib/reason.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' });
const audit: string[] = [];

function logged(employee: string): string {
  audit.push(employee);
  return employee;
}

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    // @mcp-mrtr-migrate push-in-helper: askReason() asks the client (ctx.mcpReq.elicitInput), and its argument `logged(employee)` here may have side effects, so it cannot be evaluated again on the retry
    const reason = await askReason(ctx, logged(employee));
    if (reason === undefined) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}: ${reason}` }] };
  },
);

export { server };
