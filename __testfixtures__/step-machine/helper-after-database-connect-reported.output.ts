import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

interface Database {
  connect(url: string): Promise<void>;
  drop(table: string): Promise<void>;
}

declare const database: Database;

const server = new McpServer({ name: 'tables', version: '1.0.0' });

/**
 * Opens the database (a connection of its own, not the server's), then asks which table to drop
 * until the answer names one: a question in a loop, which stays as it was.
 */
async function askTable(): Promise<string | undefined> {
  await database.connect('postgres://localhost/app');
  for (;;) {
    // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in helper askTable(), called by tool handler drop-table; it is not lifted into that handler because the question is asked in a loop of the helper
    const answer = await server.server.elicitInput({
      message: 'Drop which table?',
      requestedSchema: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
    });
    if (answer.action !== 'accept') return undefined;
    const table = String(answer.content?.table ?? '');
    if (table !== '') return table;
  }
}

server.registerTool('drop-table', { inputSchema: z.object({}) }, async () => {
  const table = await askTable();
  if (table === undefined) return { content: [{ type: 'text', text: 'Nothing dropped.' }] };
  await database.drop(table);
  return { content: [{ type: 'text', text: `Dropped ${table}.` }] };
});
