import { McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'databases', version: '1.0.0' });

export const migrated: string[] = [];

server.registerTool(
  'migrate-db',
  { description: 'Migrate a database', inputSchema: z.object({ db: z.string() }) },
  async ({ db }, ctx) => {
    const confirmSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    if ((await ctx.mcpReq.elicitInput({ message: `Migrate ${db}?`, requestedSchema: confirmSchema })).action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not migrated' }] };
    }
    const again = await ctx.mcpReq.elicitInput({ message: `Really migrate ${db}? This cannot be undone.`, requestedSchema: confirmSchema });
    if (again.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not migrated' }] };
    }
    migrated.push(db);
    return { content: [{ type: 'text', text: `Migrated ${db}` }] };
  },
);
