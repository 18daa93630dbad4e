import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

// Asks again until the reason is long enough.
async function askReason(ctx: ServerContext, employee: string): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), called by tool handler offboard; it is not lifted into that handler because it calls itself, so how many questions it asks is not known
  const answer = await ctx.mcpReq.elicitInput({
    message: `Reason for removing ${employee}? (at least 10 characters)`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  if (answer.action !== 'accept') return undefined;
  const reason = String(answer.content?.reason);
  return reason.length >= 10 ? reason : askReason(ctx, employee);
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
