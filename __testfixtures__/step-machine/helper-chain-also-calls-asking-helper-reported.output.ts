import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

const MANAGERS = new Set(['ada']);

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), called by tool handler offboard (through confirmRemoval()); it is not lifted into that handler because tool handler offboard is left as it was: it also calls confirmRemoval(), which asks the client and is not migrated
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function askHandover(ctx: ServerContext, employee: string): Promise<string | undefined> {
  if (!MANAGERS.has(employee)) return undefined;
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askHandover(), called by tool handler offboard (through confirmRemoval()); it is not lifted into that handler because tool handler offboard is left as it was: it also calls confirmRemoval(), which asks the client and is not migrated
  const answer = await ctx.mcpReq.elicitInput({
    message: `Who takes over ${employee}'s reports?`,
    requestedSchema: { type: 'object', properties: { successor: { type: 'string' } }, required: ['successor'] },
  });
  return answer.action === 'accept' ? String(answer.content?.successor) : undefined;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: confirmRemoval() asks through confirm() (ctx.mcpReq.elicitInput) and is not lifted: it calls helpers that ask 2 times
  const ok = await confirm(ctx, `Remove ${employee}?`);
  if (!ok) return false;
  await askHandover(ctx, employee);
  return true;
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
