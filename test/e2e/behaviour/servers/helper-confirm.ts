// A helper that asks, awaited by two tools.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

async function rowCount(table: string): Promise<number> {
  effects.push(`count:${table}`);
  return table.length * 10;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'db-admin', version: '1.0.0' });

  server.registerTool(
    'drop-table',
    {
      description: 'Drop a table',
      inputSchema: z.object({ table: z.string() }),
    },
    async ({ table }, ctx) => {
      const rows = await rowCount(table);
      if (!(await confirm(ctx, `Drop ${table} with ${rows} rows?`))) {
        return { content: [{ type: 'text', text: `${table} kept` }] };
      }
      effects.push(`drop:${table}`);
      return { content: [{ type: 'text', text: `Dropped ${table} (${rows} rows)` }] };
    },
  );

  server.registerTool(
    'truncate-table',
    {
      description: 'Delete every row of a table',
      inputSchema: z.object({ table: z.string() }),
    },
    async ({ table }, ctx) => {
      effects.push(`lock:${table}`);
      const ok = await confirm(ctx, `Truncate ${table}?`);
      if (!ok) {
        effects.push(`unlock:${table}`);
        return { content: [{ type: 'text', text: `${table} untouched` }] };
      }
      effects.push(`truncate:${table}`);
      effects.push(`unlock:${table}`);
      return { content: [{ type: 'text', text: `Truncated ${table}` }] };
    },
  );

  return server;
}
