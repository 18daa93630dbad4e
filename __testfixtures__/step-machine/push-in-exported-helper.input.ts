import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'shared-helper', version: '1.0.0' });

export async function confirm(ctx: ServerContext, question: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return answer.action === 'accept' && answer.content?.yes === true;
}

server.registerTool(
  'drop-table',
  { description: 'Drop a table', inputSchema: z.object({ table: z.string() }) },
  async ({ table }, ctx) => {
    if (!(await confirm(ctx, `Drop ${table}?`))) return { content: [{ type: 'text', text: 'Kept' }] };
    return { content: [{ type: 'text', text: `Dropped ${table}` }] };
  },
);
