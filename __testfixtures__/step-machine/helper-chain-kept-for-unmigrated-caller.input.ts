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

async function lookupName(id: string): Promise<string> {
  return `employee-${id}`;
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
  'remove_by_id',
  { description: 'Remove an employee by id', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    if (!(await confirmRemoval(ctx, await lookupName(id)))) {
      return { content: [{ type: 'text', text: `${id} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${id}` }] };
  },
);
