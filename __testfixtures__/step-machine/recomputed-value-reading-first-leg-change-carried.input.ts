import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'booking', version: '1.0.0' });

// Module state the first leg changes before the question: a value read from it after the change
// (or before it, and changed by it) is not the same on the retry, so it travels as the first leg saw it.
const effects: string[] = [];

server.registerTool(
  'book-room',
  { description: 'Book a room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    effects.push(`hold ${room}`);
    const slot = `${room}-${effects.length + 1}`;
    const answer = await ctx.mcpReq.elicitInput({
      message: `Confirm booking ${room}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Booked ${slot}` }] };
  },
);

server.registerTool(
  'hold-room',
  { description: 'Hold a room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    const ticket = `${room}-${effects.length + 1}`;
    effects.push(`hold ${ticket}`);
    const answer = await ctx.mcpReq.elicitInput({
      message: `Keep hold ${ticket}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `Released ${ticket}` }] };
    return { content: [{ type: 'text', text: `Held ${ticket}` }] };
  },
);
