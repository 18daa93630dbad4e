import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'travel', version: '1.0.0' });

export const trips: string[] = [];

server.registerTool(
  'plan-trip',
  { description: 'Plan a trip', inputSchema: z.object({ city: z.string() }) },
  async ({ city }, ctx) => {
    const when = await ctx.mcpReq.elicitInput({
      message: `When do you travel to ${city}?`,
      requestedSchema: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
    });
    if (when.action !== 'accept') return { content: [{ type: 'text', text: 'No trip planned' }] };
    // A type of the handler's own, declared between the two questions.
    interface Leg {
      readonly city: string;
      readonly date: string;
    }
    const leg: Leg = { city, date: String(when.content?.date) };
    const seat = await ctx.mcpReq.elicitInput({
      message: `Window or aisle on ${leg.date}?`,
      requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } }, required: ['seat'] },
    });
    const booked: Leg = leg;
    trips.push(`${booked.city} ${booked.date} ${String(seat.content?.seat)}`);
    return { content: [{ type: 'text', text: `Planned ${booked.city} on ${booked.date}` }] };
  },
);
