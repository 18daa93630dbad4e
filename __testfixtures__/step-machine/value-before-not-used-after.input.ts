import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'backups', version: '1.0.0' });

export const auditLog: string[] = [];

async function listBackups(db: string): Promise<string[]> {
  return [`${db}-2024-01-01`];
}

async function createBackup(db: string): Promise<string> {
  return `${db}-now`;
}

server.registerTool(
  'backup',
  { description: 'Back up a database', inputSchema: z.object({ db: z.string() }) },
  async ({ db }, ctx) => {
    const existing = await listBackups(db);
    auditLog.push(`backup of ${db} requested (${existing.length} existing)`);
    const answer = await ctx.mcpReq.elicitInput({
      message: `Create a new backup of ${db}?`,
      requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
    });
    if (answer.action !== 'accept' || answer.content?.go !== true) {
      return { content: [{ type: 'text', text: 'No backup made' }] };
    }
    const name = await createBackup(db);
    return { content: [{ type: 'text', text: `Backup ${name} created` }] };
  },
);
