import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

export const closed: string[] = [];

server.registerTool(
  'close-ticket',
  { description: 'Close a ticket', inputSchema: z.object({ id: z.string(), askReason: z.boolean() }) },
  async ({ id, askReason }, ctx) => {
    let reason = 'none given';
    if (askReason) {
      try {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Why close ${id}?`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        });
        if (answer.action === 'accept') reason = String(answer.content?.reason);
      } catch (error) {
        reason = `unknown (${String(error)})`;
      }
    }
    closed.push(`${id}: ${reason}`);
    return { content: [{ type: 'text', text: `Closed ${id} (${reason})` }] };
  },
);
