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
      const seat = await ctx.mcpReq.elicitInput({
        message: `Seat for ${guest}? Taken: ${taken.join(', ') || 'none'}`,
        requestedSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] },
      });
      if (seat.action === 'accept') taken.push(String(seat.content?.seat));
    }
    return { content: [{ type: 'text', text: taken.join(', ') }] };
  },
);
