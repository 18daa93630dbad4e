import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'events', version: '1.0.0' });

export const registrations: string[] = [];

server.registerTool(
  'register-event',
  { description: 'Register for an event', inputSchema: z.object({ event: z.string() }) },
  async ({ event }, ctx) => {
    const attendee = await ctx.mcpReq.elicitInput({
      message: `Who attends ${event}?`,
      requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
    });
    registrations.push(`${event}:pending`);
    const meal = await ctx.mcpReq.elicitInput({
      message: 'Meal preference?',
      requestedSchema: { type: 'object', properties: { meal: { type: 'string', enum: ['veg', 'meat'] } }, required: ['meal'] },
    });
    if (attendee.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not registered' }] };
    }
    const food = meal.action === 'accept' ? String(meal.content?.meal) : 'veg';
    return { content: [{ type: 'text', text: `${String(attendee.content?.email)} registered for ${event} (${food})` }] };
  },
);
