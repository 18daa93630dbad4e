import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// Migrated before `npm install` (this case's options): nothing this file imports can be found.
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

server.registerTool(
  'draft-reply',
  { description: 'Draft a reply with the client model, then confirm it', inputSchema: z.object({ thread: z.string() }) },
  async ({ thread }, ctx) => {
    const draft = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Draft a reply to:\n\n${thread}` } }],
      maxTokens: 200,
    });
    if (!draft.stopReason) return { content: [{ type: 'text', text: 'The draft was cut short' }] };
    const confirm = await ctx.mcpReq.elicitInput({
      message: 'Send the drafted reply?',
      requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
    });
    if (confirm.action !== 'accept' || confirm.content?.send !== true) return { content: [{ type: 'text', text: 'Not sent' }] };
    return { content: [{ type: 'text', text: `Sent (${draft.model}, ${draft.stopReason.toLowerCase()}): ${JSON.stringify(draft.content)}` }] };
  },
);

server.registerTool(
  'draft-note',
  { description: 'Draft a note with the client model, then confirm it', inputSchema: z.object({ topic: z.string() }) },
  async ({ topic }, ctx) => {
    const note = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Write a note about ${topic}` } }],
      maxTokens: 200,
    });
    if (Array.isArray(note.content) || note.content.type !== 'text') return { content: [{ type: 'text', text: 'No text' }] };
    const confirm = await ctx.mcpReq.elicitInput({
      message: 'Keep the note?',
      requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
    });
    if (confirm.action !== 'accept' || confirm.content?.keep !== true) return { content: [{ type: 'text', text: 'Dropped' }] };
    return { content: [{ type: 'text', text: note.content.text }] };
  },
);
