import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'migrations', version: '1.0.0' });

export const log: string[] = [];

async function inspect(table: string): Promise<{ rows: number }> {
  log.push(`inspect ${table}`);
  return { rows: 5_000_000 };
}

server.registerTool(
  'migrate-table',
  { description: 'Migrate a table', inputSchema: z.object({ table: z.string(), online: z.boolean() }) },
  async ({ table, online }, ctx) => {
    if (online) {
      const stats = await inspect(table);
      if (stats.rows > 1_000_000) {
        const go = await ctx.mcpReq.elicitInput({
          message: `${table} has ${stats.rows} rows. Migrate online anyway?`,
          requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
        });
        if (go.action !== 'accept') return { content: [{ type: 'text', text: 'Not migrated' }] };
      }
    } else {
      const window = await ctx.mcpReq.elicitInput({
        message: `Maintenance window for ${table}?`,
        requestedSchema: { type: 'object', properties: { window: { type: 'string' } }, required: ['window'] },
      });
      if (window.action !== 'accept') return { content: [{ type: 'text', text: 'Not scheduled' }] };
    }
    log.push(`migrated ${table}`);
    return { content: [{ type: 'text', text: `Migrated ${table}` }] };
  },
);
