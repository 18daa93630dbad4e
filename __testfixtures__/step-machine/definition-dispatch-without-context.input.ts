import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'database', version: '1.0.0' });

interface Deps {
  server: McpServer;
}

// Tools are plain objects; the registration loop hands them the arguments and the server.
const tools = [
  {
    name: 'count_rows',
    schema: { table: z.string() },
    execute: async ({ table }: { table: string }) => ({ content: [{ type: 'text' as const, text: `${table}: 42 rows` }] }),
  },
  {
    name: 'truncate_table',
    schema: { table: z.string() },
    execute: async ({ table }: { table: string }, { server }: Deps) => {
      const answer = await server.server.elicitInput({
        message: `Truncate ${table}?`,
        requestedSchema: { type: 'object', properties: { truncate: { type: 'boolean' } }, required: ['truncate'] },
      });
      return { content: [{ type: 'text' as const, text: answer.action === 'accept' ? `${table} truncated` : `${table} kept` }] };
    },
  },
];

for (const tool of tools) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args) => tool.execute(args, { server }));
}
