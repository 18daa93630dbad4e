// A handler that asks through a liftable helper AND through a helper that cannot be lifted (side
// effects before its call) is left whole: migrating around the second call would half-migrate it.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), called by tool handler offboard (directly and through confirmRemoval()); it is not lifted into that handler because tool handler offboard is left as it was: it also calls confirmRemoval(), which asks the client and is not migrated
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  console.log('asking about', employee);
  // @mcp-mrtr-migrate push-in-helper: confirmRemoval() asks through confirm() (ctx.mcpReq.elicitInput) and is not lifted: code before the call has side effects, which would run again when the client retries
  return confirm(ctx, `Remove ${employee}?`);
}

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    // @mcp-mrtr-migrate push-request: confirm() (asks through ctx.mcpReq.elicitInput) in tool handler offboard left as it was: it also calls confirmRemoval(), which asks the client and is not migrated
    if (!(await confirm(ctx, `Start offboarding ${employee}?`))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    if (!(await confirmRemoval(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} kept` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}` }] };
  },
);
