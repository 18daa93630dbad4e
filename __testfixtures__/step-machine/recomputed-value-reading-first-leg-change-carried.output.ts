import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'booking', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

// Module state the first leg changes before the question: a value read from it after the change
// (or before it, and changed by it) is not the same on the retry, so it travels as the first leg saw it.
const effects: string[] = [];

type BookRoomState = { step: 'ok'; slot: string };
server.registerTool(
  'book-room',
  { description: 'Book a room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    let state = await mrtrState.resume<BookRoomState>(ctx, 'book-room', { room });
    if (state === undefined) {
      effects.push(`hold ${room}`);
      const slot = `${room}-${effects.length + 1}`;
      state = { step: 'ok', slot };
    }
    const { slot } = state;
    const okRequest: ElicitRequestFormParams = {
      message: `Confirm booking ${room}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'book-room', { room }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled' }] };
    return { content: [{ type: 'text', text: `Booked ${slot}` }] };
  },
);

type HoldRoomState = { step: 'ok'; ticket: string };
server.registerTool(
  'hold-room',
  { description: 'Hold a room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    let state = await mrtrState.resume<HoldRoomState>(ctx, 'hold-room', { room });
    if (state === undefined) {
      const ticket = `${room}-${effects.length + 1}`;
      effects.push(`hold ${ticket}`);
      state = { step: 'ok', ticket };
    }
    const { ticket } = state;
    const okRequest: ElicitRequestFormParams = {
      message: `Keep hold ${ticket}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'hold-room', { room }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `Released ${ticket}` }] };
    return { content: [{ type: 'text', text: `Held ${ticket}` }] };
  },
);
