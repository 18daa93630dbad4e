import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

async function askReason(ctx: ServerContext, employee: string): Promise<string | undefined> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Reason for removing ${employee}?`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
}

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    const reason = await askReason(ctx, employee);
    if (reason === undefined) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}: ${reason}` }] };
  },
);
