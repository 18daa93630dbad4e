import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

export const bookings: { room: string; start: string; end: string; organiser: string }[] = [];

server.registerTool(
  'book-room',
  { description: 'Book a meeting room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    const dates = await ctx.mcpReq.elicitInput({
      message: `When do you need ${room}?`,
      requestedSchema: {
        type: 'object',
        properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
        required: ['start', 'end'],
      },
    });
    if (dates.action !== 'accept' || !dates.content) return { content: [{ type: 'text', text: 'No booking made' }] };
    const organiser = await ctx.mcpReq.elicitInput({
      message: `Who organises the meeting in ${room}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (organiser.action !== 'accept') return { content: [{ type: 'text', text: 'No booking made' }] };
    bookings.push({ room, start: String(dates.content.start), end: String(dates.content.end), organiser: String(organiser.content?.name) });
    return { content: [{ type: 'text', text: `Booked ${room} from ${String(dates.content.start)}` }] };
  },
);
