// A helper that asks, awaited by two tools; a third asks through a helper that calls it (a chain);
// a fourth asks through a helper whose guard clause answers without asking for most tables.
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

/** Asks only through confirm(), and turns its answer into a verdict. */
async function confirmDestructive(ctx: ServerContext, verb: string, table: string): Promise<'go' | 'stop'> {
  const label = `${verb} ${table.toUpperCase()}`;
  const ok = await confirm(ctx, `${label}? This cannot be undone.`);
  return ok ? 'go' : 'stop';
}

const PROTECTED_TABLES = new Set(['users', 'payments']);

/** Asks only about protected tables: the guard clause answers for the others without a question. */
async function confirmIfProtected(ctx: ServerContext, table: string, rows: number): Promise<boolean> {
  if (!PROTECTED_TABLES.has(table)) return true;
  const answer = await ctx.mcpReq.elicitInput({
    message: `${table} is protected. Rename it (${rows} rows)?`,
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

  server.registerTool(
    'vacuum-table',
    {
      description: 'Rewrite a table to reclaim space',
      inputSchema: z.object({ table: z.string() }),
    },
    async ({ table }, ctx) => {
      effects.push(`stats:${table}`);
      const verdict = await confirmDestructive(ctx, 'Vacuum', table);
      if (verdict === 'stop') {
        return { content: [{ type: 'text', text: `${table} not vacuumed` }] };
      }
      effects.push(`vacuum:${table}`);
      return { content: [{ type: 'text', text: `Vacuumed ${table}` }] };
    },
  );

  server.registerTool(
    'rename-table',
    {
      description: 'Rename a table',
      inputSchema: z.object({ table: z.string(), to: z.string() }),
    },
    async ({ table, to }, ctx) => {
      const rows = await rowCount(table);
      if (!(await confirmIfProtected(ctx, table, rows))) {
        return { content: [{ type: 'text', text: `${table} not renamed` }] };
      }
      effects.push(`rename:${table}:${to}`);
      return { content: [{ type: 'text', text: `Renamed ${table} to ${to}` }] };
    },
  );

  return server;
}
