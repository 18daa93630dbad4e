import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'travel', version: '1.0.0' });

server.registerTool(
  'book-trip',
  { description: 'Book a trip', inputSchema: z.object({ destination: z.string() }) },
  async ({ destination }, ctx) => {
    const [dates, seat] = await Promise.all([
      ctx.mcpReq.elicitInput({
        message: `When do you travel to ${destination}?`,
        requestedSchema: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
      }),
      ctx.mcpReq.elicitInput({
        message: 'Window or aisle?',
        requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } }, required: ['seat'] },
      }),
    ]);
    if (dates.action !== 'accept' || seat.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Booking abandoned' }] };
    }
    return {
      content: [{ type: 'text', text: `Booked ${destination} on ${String(dates.content?.date)}, ${String(seat.content?.seat)} seat` }],
    };
  },
);
