import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'travel', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const trips: string[] = [];

server.registerTool(
  'plan-trip',
  { description: 'Plan a trip', inputSchema: z.object({ city: z.string() }) },
  async ({ city }, ctx) => {
    type PlanTripState =
      | { step: 'when' }
      | { step: 'seat'; leg: Leg };
    // A type of the handler's own, declared between the two questions.
    interface Leg {
      readonly city: string;
      readonly date: string;
    }
    let state = await mrtrState.resume<PlanTripState>(ctx, 'plan-trip', { city });
    state ??= { step: 'when' };
    if (state.step === 'when') {
      const whenRequest: ElicitRequestFormParams = {
        message: `When do you travel to ${city}?`,
        requestedSchema: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
      };
      const when = elicitAnswer(ctx, 'when', whenRequest);
      if (when === undefined) {
        return inputRequired({
          inputRequests: {
            when: inputRequired.elicit(whenRequest),
          },
          requestState: await mrtrState.mint(ctx, 'plan-trip', { city }, state),
        });
      }
      if (when.action !== 'accept') return { content: [{ type: 'text', text: 'No trip planned' }] };
      const leg: Leg = { city, date: String(when.content?.date) };
      state = { step: 'seat', leg };
    }
    const { leg } = state;
    const seatRequest: ElicitRequestFormParams = {
      message: `Window or aisle on ${leg.date}?`,
      requestedSchema: { type: 'object', properties: { seat: { type: 'string', enum: ['window', 'aisle'] } }, required: ['seat'] },
    };
    const seat = elicitAnswer(ctx, 'seat', seatRequest);
    if (seat === undefined) {
      return inputRequired({
        inputRequests: {
          seat: inputRequired.elicit(seatRequest),
        },
        requestState: await mrtrState.mint(ctx, 'plan-trip', { city }, state),
      });
    }
    const booked: Leg = leg;
    trips.push(`${booked.city} ${booked.date} ${String(seat.content?.seat)}`);
    return { content: [{ type: 'text', text: `Planned ${booked.city} on ${booked.date}` }] };
  },
);
