// Calendar server: meeting scheduling with tentative holds, and agenda suggestions.
import { randomUUID } from 'node:crypto';
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

const calendar = new ApiClient({ baseUrl: 'https://calendar.example.com/v3/', token: process.env.CALENDAR_TOKEN });
const log = createLogger('calendar');

export const bookings = new Map<string, { title: string; start: string; attendees: string[]; heldAt: number }>();

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Logs every call and turns thrown errors into tool errors. */
function withErrorHandling<A>(tool: string, handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
    const started = Date.now();
    try {
      const result = await handler(args, ctx);
      log.info('tool call', { tool, ms: Date.now() - started });
      return result;
    } catch (error) {
      log.error('tool failed', { tool, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `${tool}: ${errorMessage(error)}` }] };
    }
  };
}

function textOfSampling(result: Awaited<ReturnType<ServerContext['mcpReq']['requestSampling']>>): string {
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  return block?.type === 'text' ? block.text : '';
}

const scheduleInput = z.object({
  title: z.string(),
  attendees: z.array(z.string().email()).min(1),
  durationMinutes: z.number().int().default(30),
});

export function createCalendarServer(): McpServer {
  const server = new McpServer({ name: 'calendar', version: '1.0.2' });

  server.registerTool(
    'schedule_meeting',
    { description: 'Find a slot, hold it and book it once the user confirms', inputSchema: scheduleInput },
    withErrorHandling<z.infer<typeof scheduleInput>>('schedule_meeting', async ({ title, attendees, durationMinutes }, ctx) => {
      const holdId = randomUUID();
      const heldAt = Date.now();
      const { slots } = await calendar.post<{ slots: { start: string; end: string }[] }>('freeBusy/suggest', { attendees, durationMinutes });
      const slot = slots[0];
      if (!slot) return { content: [{ type: 'text', text: 'No common free slot in the next two weeks' }] };
      await calendar.post('holds', { id: holdId, start: slot.start, end: slot.end, attendees });
      const answer = await ctx.mcpReq.elicitInput({
        message: `Book "${title}" on ${slot.start} with ${attendees.length} attendees? The slot is held for 10 minutes.`,
        requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
      });
      if (answer.action !== 'accept' || answer.content?.book !== true) {
        await calendar.delete(`holds/${holdId}`);
        return { content: [{ type: 'text', text: 'Hold released' }] };
      }
      await calendar.post(`holds/${holdId}/confirm`, { title });
      bookings.set(holdId, { title, start: slot.start, attendees, heldAt });
      return { content: [{ type: 'text', text: `Booked "${title}" at ${slot.start} (${Math.round((Date.now() - heldAt) / 1000)} s after the hold)` }] };
    }),
  );

  server.registerTool(
    'suggest_agenda',
    {
      description: 'Suggest an agenda for a meeting',
      inputSchema: z.object({ title: z.string(), goals: z.array(z.string()).default([]) }),
    },
    async ({ title, goals }, ctx) => {
      return {
        content: [
          {
            type: 'text',
            text: `Agenda for ${title}:\n${textOfSampling(
              await ctx.mcpReq.requestSampling({
                messages: [{ role: 'user', content: { type: 'text', text: `Agenda for "${title}". Goals: ${goals.join('; ') || 'none given'}` } }],
                maxTokens: 300,
              }),
            )}`,
          },
        ],
      };
    },
  );

  return server;
}
