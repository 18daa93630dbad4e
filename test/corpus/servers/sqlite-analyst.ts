// SQLite analyst server: exports, query explanations and charts for a local database file.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

interface Database {
  all<Row>(sql: string, ...params: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

declare function openDatabase(file: string): Database;

const DB_FILE = process.env.SQLITE_DB ?? path.resolve('data.sqlite');
const EXPORT_DIR = process.env.EXPORT_DIR ?? path.resolve('exports');
const db = openDatabase(DB_FILE);
const log = createLogger('sqlite');

function toCsv(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const cell = (v: unknown) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v ?? ''));
  return [columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\n');
}

const server = new McpServer({ name: 'sqlite-analyst', version: '0.8.0' });

server.registerTool(
  'export_table',
  {
    description: 'Export a table to a file in the export directory',
    inputSchema: z.object({ table: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/) }),
  },
  async ({ table }, ctx) => {
    const [scope, destination] = await Promise.all([
      ctx.mcpReq.elicitInput({
        message: `Which rows of ${table}?`,
        requestedSchema: {
          type: 'object',
          properties: { where: { type: 'string', title: 'SQL WHERE clause (empty for all rows)' } },
        },
      }),
      ctx.mcpReq.elicitInput({
        message: 'Export format and file name',
        requestedSchema: {
          type: 'object',
          properties: { format: { type: 'string', enum: ['csv', 'json'] }, fileName: { type: 'string' } },
          required: ['format', 'fileName'],
        },
      }),
    ]);
    if (destination.action !== 'accept') return { content: [{ type: 'text', text: 'Export cancelled' }] };
    const where = scope.action === 'accept' && scope.content?.where ? ` WHERE ${String(scope.content.where)}` : '';
    const format = destination.content?.format === 'json' ? 'json' : 'csv';
    const file = path.join(EXPORT_DIR, path.basename(String(destination.content?.fileName ?? table)) + `.${format}`);
    try {
      const rows = await db.all<Record<string, unknown>>(`SELECT * FROM ${table}${where}`);
      await writeFile(file, format === 'json' ? JSON.stringify(rows, null, 2) : toCsv(rows));
      return { content: [{ type: 'text', text: `Wrote ${rows.length} rows to ${file}` }] };
    } catch (error) {
      log.error('export failed', { table, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Export failed: ${errorMessage(error)}` }] };
    }
  },
);

server.registerTool(
  'explain_query',
  {
    description: 'Explain what a query does and how SQLite will run it',
    inputSchema: z.object({ sql: z.string() }),
  },
  async ({ sql }, ctx) => {
    const plan = await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`);
    const explanation = await ctx.mcpReq.requestSampling({
      systemPrompt: 'You explain SQLite queries and query plans to application developers.',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Query:\n${sql}\n\nPlan:\n${plan.map((p) => p.detail).join('\n')}\n\nExplain it and suggest indexes.` },
        },
      ],
      maxTokens: 600,
    });
    const block = Array.isArray(explanation.content) ? explanation.content[0] : explanation.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : 'No explanation returned' }] };
  },
);

server.registerTool(
  'run_maintenance',
  {
    description: 'VACUUM and ANALYZE the database',
    inputSchema: z.object({}),
  },
  async (_args, ctx) => {
    try {
      const answer = await ctx.mcpReq.elicitInput({
        message: `VACUUM locks ${path.basename(DB_FILE)} for a while. Run it now?`,
        requestedSchema: { type: 'object', properties: { run: { type: 'boolean' } }, required: ['run'] },
      });
      if (answer.action !== 'accept' || answer.content?.run !== true) return { content: [{ type: 'text', text: 'Skipped' }] };
      await db.exec('VACUUM; ANALYZE;');
      return { content: [{ type: 'text', text: 'Database vacuumed and analysed' }] };
    } catch (error) {
      log.error('maintenance failed', { error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  },
);

export default server;
