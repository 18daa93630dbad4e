import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'sql', version: '1.0.0' });

async function explain(sql: string): Promise<string> {
  return `plan for ${sql.length} chars`;
}

server.registerTool(
  'run-migration',
  { description: 'Run a schema migration', inputSchema: z.object({ table: z.string(), column: z.string() }) },
  async ({ table, column }, ctx) => {
    const sql = `
ALTER TABLE ${table}
  ADD COLUMN ${column} TEXT;
`;
    const plan = await explain(sql);
    const go = await ctx.mcpReq.elicitInput({
      message: `Run this migration?\n${plan}`,
      requestedSchema: { type: 'object', properties: { run: { type: 'boolean' } }, required: ['run'] },
    });
    if (go.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Migration not run' }] };
    }
    return { content: [{ type: 'text', text: `Ran:${sql}` }] };
  },
);
