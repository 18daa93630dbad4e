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
    // @mcp-mrtr-migrate push-request: confirm() (asks through ctx.mcpReq.elicitInput) in tool handler remove_employee left as it was: it also asks through a chain of helpers across several modules, which is not lifted
    const sure = await confirm(ctx, `Really ${employee}?`);
    // @mcp-mrtr-migrate push-in-helper: confirmRemoval() in ./lib/removal.js asks through confirm() (ctx.mcpReq.elicitInput), which it imports from ./confirm.js: a chain of helpers across several modules is not lifted
    if (!sure || !(await confirmRemoval(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${employee}` }] };
  },
);

export { server };
