import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'seating', version: '1.0.0' });

server.registerTool(
  'seat-guests',
  { description: 'Ask where each guest sits, showing the seats taken so far', inputSchema: z.object({ guests: z.array(z.string()) }) },
  async ({ guests }, ctx) => {
    const taken: string[] = [];
    for (const guest of guests) {
      // The question shows the answers so far: it depends on the previous items.
      // @mcp-mrtr-migrate push-in-loop: ctx.mcpReq.elicitInput in tool handler 'seat-guests' is made once per item of a for…of loop, and its question reads taken, which the loop changes; only independent per-item questions (asked in one round) and re-ask loops are migrated automatically (one round per item would also stop at the state module's 8 rounds per call)
      const seat = await ctx.mcpReq.elicitInput({
        message: `Seat for ${guest}? Taken: ${taken.join(', ') || 'none'}`,
        requestedSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] },
      });
      if (seat.action === 'accept') taken.push(String(seat.content?.seat));
    }
    return { content: [{ type: 'text', text: taken.join(', ') }] };
  },
);
