import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'db', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

// A property named like the helper (`confirm:`) is no call of it: the helper goes once its callers are migrated.
const defaults = { confirm: true, dryRun: false };

server.registerTool(
  'drop_table',
  { description: 'Drop a table', inputSchema: z.object({ table: z.string() }) },
  async ({ table }, ctx) => {
    if (!(await confirm(ctx, `Drop ${table}?`)) && defaults.confirm) {
      return { content: [{ type: 'text', text: `${table} kept` }] };
    }
    return { content: [{ type: 'text', text: `Dropped ${table}` }] };
  },
);
