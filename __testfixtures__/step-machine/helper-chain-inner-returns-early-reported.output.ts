import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

const CONTRACTORS = new Set(['ext-bot']);

async function confirm(ctx: ServerContext, employee: string, message: string): Promise<boolean> {
  if (CONTRACTORS.has(employee)) return true;
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), called by tool handler offboard (through confirmRemoval()); it is not lifted into that handler because tool handler offboard is left as it was: it also calls confirmRemoval(), which asks the client and is not migrated
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: confirmRemoval() asks through confirm() (ctx.mcpReq.elicitInput) and is not lifted: confirm() can return without asking, and a chain over such a helper is not lifted
  return confirm(ctx, employee, `Remove ${employee}?`);
}

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    if (!(await confirmRemoval(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}` }] };
  },
);
