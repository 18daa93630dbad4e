import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'calendar', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const bookings: { room: string; start: string; end: string; organiser: string }[] = [];

type BookRoomState =
  | { step: 'dates' }
  | { step: 'organiser'; dates: ElicitResult & { content: { [x: string]: string | number | boolean | string[] } } };
server.registerTool(
  'book-room',
  { description: 'Book a meeting room', inputSchema: z.object({ room: z.string() }) },
  async ({ room }, ctx) => {
    let state = await mrtrState.resume<BookRoomState>(ctx, 'book-room', { room });
    state ??= { step: 'dates' };
    if (state.step === 'dates') {
      const datesRequest: ElicitRequestFormParams = {
        message: `When do you need ${room}?`,
        requestedSchema: {
          type: 'object',
          properties: { start: { type: 'string', format: 'date-time' }, end: { type: 'string', format: 'date-time' } },
          required: ['start', 'end'],
        },
      };
      const dates = elicitAnswer(ctx, 'dates', datesRequest);
      if (dates === undefined) {
        return inputRequired({
          inputRequests: {
            dates: inputRequired.elicit(datesRequest),
          },
          requestState: await mrtrState.mint(ctx, 'book-room', { room }, state),
        });
      }
      if (dates.action !== 'accept' || !dates.content) return { content: [{ type: 'text', text: 'No booking made' }] };
      state = { step: 'organiser', dates: { ...dates, content: dates.content } };
    }
    const { dates } = state;
    const organiserRequest: ElicitRequestFormParams = {
      message: `Who organises the meeting in ${room}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    };
    const organiser = elicitAnswer(ctx, 'organiser', organiserRequest);
    if (organiser === undefined) {
      return inputRequired({
        inputRequests: {
          organiser: inputRequired.elicit(organiserRequest),
        },
        requestState: await mrtrState.mint(ctx, 'book-room', { room }, state),
      });
    }
    if (organiser.action !== 'accept') return { content: [{ type: 'text', text: 'No booking made' }] };
    bookings.push({ room, start: String(dates.content.start), end: String(dates.content.end), organiser: String(organiser.content?.name) });
    return { content: [{ type: 'text', text: `Booked ${room} from ${String(dates.content.start)}` }] };
  },
);
