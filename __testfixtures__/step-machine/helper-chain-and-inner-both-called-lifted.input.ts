import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirm(ctx, `Remove ${employee}?`);
}

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
