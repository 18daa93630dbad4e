// Postgres administration server: schema browsing plus guarded destructive operations.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

interface Pool {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

function createPool(connectionString: string): Pool {
  const log = createLogger('pg-pool', { host: new URL(connectionString).host });
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      log.debug('query', { sql, params: params.length });
      return { rows: [], rowCount: 0 };
    },
  };
}

const log = createLogger('pg-admin');
const pool = createPool(process.env.DATABASE_URL ?? 'postgres://localhost:5432/postgres');
const READ_ONLY = process.env.PG_ADMIN_READ_ONLY === '1';

export const auditTrail: { action: string; target: string; rows: number; at: string }[] = [];

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function confirmDestructive(ctx: ServerContext, message: string): Promise<boolean> {
  const result = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: {
      type: 'object',
      properties: {
        confirm: { type: 'boolean', title: 'I understand this cannot be undone' },
      },
      required: ['confirm'],
    },
  });
  return result.action === 'accept' && result.content?.confirm === true;
}

const server = new McpServer({ name: 'pg-admin', version: '3.2.1' }, { capabilities: { logging: {} } });

server.registerTool(
  'list_tables',
  {
    description: 'List the tables of a schema with their approximate row counts',
    inputSchema: z.object({ schema: z.string().default('public') }),
  },
  async ({ schema }) => {
    const { rows } = await pool.query<{ table_name: string; estimate: number }>(
      'SELECT relname AS table_name, reltuples::bigint AS estimate FROM pg_class WHERE relnamespace = $1::regnamespace',
      [schema],
    );
    return { content: [{ type: 'text', text: rows.map((r) => `${r.table_name}\t~${r.estimate}`).join('\n') || '(no tables)' }] };
  },
);

server.registerTool(
  'drop_table',
  {
    description: 'Drop a table after the user confirms',
    inputSchema: z.object({ schema: z.string().default('public'), table: z.string() }),
    annotations: { destructiveHint: true },
  },
  async ({ schema, table }, ctx) => {
    const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    if (READ_ONLY) {
      return { isError: true, content: [{ type: 'text', text: 'pg-admin runs in read-only mode (PG_ADMIN_READ_ONLY=1)' }] };
    }
    const capabilities = server.server.getClientCapabilities();
    if (!capabilities?.elicitation) {
      return {
        isError: true,
        content: [{ type: 'text', text: 'drop_table needs a client that supports elicitation, so that the user can confirm it' }],
      };
    }
    try {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified}`);
      const rowCount = rows[0]?.n ?? 0;
      log.info('drop_table requested', { qualified, rowCount });
      const confirmed = await confirmDestructive(ctx, `Drop ${qualified}? It holds ${rowCount} rows. This cannot be undone.`);
      if (!confirmed) {
        log.info('drop_table cancelled by the user', { qualified });
        return { content: [{ type: 'text', text: `Kept ${qualified}` }] };
      }
      await pool.query(`DROP TABLE ${qualified}`);
      auditTrail.push({ action: 'drop_table', target: qualified, rows: rowCount, at: new Date().toISOString() });
      return { content: [{ type: 'text', text: `Dropped ${qualified} (${rowCount} rows)` }] };
    } catch (error) {
      log.error('drop_table failed', { qualified, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Could not drop ${qualified}: ${errorMessage(error)}` }] };
    }
  },
);

server.registerTool(
  'truncate_table',
  {
    description: 'Delete every row of a table after the user confirms',
    inputSchema: z.object({ schema: z.string().default('public'), table: z.string(), cascade: z.boolean().default(false) }),
    annotations: { destructiveHint: true },
  },
  async ({ schema, table, cascade }, ctx) => {
    const qualified = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    try {
      const confirmed = await confirmDestructive(
        ctx,
        cascade ? `Truncate ${qualified} and every table that references it?` : `Truncate ${qualified}?`,
      );
      if (!confirmed) return { content: [{ type: 'text', text: 'Truncate cancelled' }] };
      const result = await pool.query(`TRUNCATE ${qualified}${cascade ? ' CASCADE' : ''}`);
      auditTrail.push({ action: 'truncate_table', target: qualified, rows: result.rowCount, at: new Date().toISOString() });
      return { content: [{ type: 'text', text: `Truncated ${qualified}` }] };
    } catch (error) {
      log.error('truncate_table failed', { qualified, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Could not truncate ${qualified}: ${errorMessage(error)}` }] };
    }
  },
);

export { server };
