import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'database', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Deps {
  server: McpServer;
}

// Tools are plain objects; the registration loop hands them the arguments and the server.
type TruncateTableState = { step: 'truncate' };
const tools = [
  {
    name: 'count_rows',
    schema: { table: z.string() },
    execute: async ({ table }: { table: string }) => ({ content: [{ type: 'text' as const, text: `${table}: 42 rows` }] }),
  },
  {
    name: 'truncate_table',
    schema: { table: z.string() },
    execute: async ({ table }: { table: string }, {}: Deps, ctx: ServerContext) => {
      let state = await mrtrState.resume<TruncateTableState>(ctx, 'truncate_table', { table });
      state ??= { step: 'truncate' };
      const truncateRequest: ElicitRequestFormParams = {
        message: `Truncate ${table}?`,
        requestedSchema: { type: 'object', properties: { truncate: { type: 'boolean' } }, required: ['truncate'] },
      };
      const answer = elicitAnswer(ctx, 'truncate', truncateRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            truncate: inputRequired.elicit(truncateRequest),
          },
          requestState: await mrtrState.mint(ctx, 'truncate_table', { table }, state),
        });
      }
      return { content: [{ type: 'text' as const, text: answer.action === 'accept' ? `${table} truncated` : `${table} kept` }] };
    },
  },
];

for (const tool of tools) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args, ctx) => tool.execute(args, { server }, ctx));
}
