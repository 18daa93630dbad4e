import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'db', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  const { confirm } = answer.content ?? {};
  return answer.action === 'accept' && confirm === true;
}

server.registerTool(
  'drop_table',
  { description: 'Drop a table', inputSchema: z.object({ table: z.string() }) },
  async ({ table }, ctx) => {
    if (!(await confirm(ctx, `Drop ${table}?`))) {
      return { content: [{ type: 'text', text: `${table} kept` }] };
    }
    return { content: [{ type: 'text', text: `Dropped ${table}` }] };
  },
);
