import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'travel', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type BookTripState = { step: 'dates+seat' };
server.registerTool(
  'book-trip',
  { description: 'Book a trip', inputSchema: z.object({ destination: z.string() }) },
  async ({ destination }, ctx) => {
    let state = await mrtrState.resume<BookTripState>(ctx, 'book-trip', { destination });
    state ??= { step: 'dates+seat' };
    const datesRequest: ElicitRequestFormParams = {
      message: `When do you travel to ${destination}?`,
      requestedSchema: { type: 'object', properties: { date: { type: 'string', format: 'date' } }, required: ['date'] },
    };
    const datesAnswer = elicitAnswer(ctx, 'dates', datesRequest);
    const seatRequest: ElicitRequestFormParams = {
      message: 'Window or aisle?',
      requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } }, required: ['seat'] },
    };
    const seatAnswer = elicitAnswer(ctx, 'seat', seatRequest);
    if (datesAnswer === undefined || seatAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          dates: inputRequired.elicit(datesRequest),
          seat: inputRequired.elicit(seatRequest),
        },
        requestState: await mrtrState.mint(ctx, 'book-trip', { destination }, state),
      });
    }
    const [dates, seat] = [datesAnswer, seatAnswer];
    if (dates.action !== 'accept' || seat.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Booking abandoned' }] };
    }
    return {
      content: [{ type: 'text', text: `Booked ${destination} on ${String(dates.content?.date)}, ${String(seat.content?.seat)} seat` }],
    };
  },
);
