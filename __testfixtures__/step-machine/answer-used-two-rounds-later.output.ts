import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'events', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const registrations: string[] = [];

type RegisterEventState =
  | { step: 'attendee' }
  | { step: 'meal'; attendee: ElicitResult };
server.registerTool(
  'register-event',
  { description: 'Register for an event', inputSchema: z.object({ event: z.string() }) },
  async ({ event }, ctx) => {
    let state = await mrtrState.resume<RegisterEventState>(ctx, 'register-event', { event });
    state ??= { step: 'attendee' };
    if (state.step === 'attendee') {
      const attendeeRequest: ElicitRequestFormParams = {
        message: `Who attends ${event}?`,
        requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
      };
      const attendee = elicitAnswer(ctx, 'attendee', attendeeRequest);
      if (attendee === undefined) {
        return inputRequired({
          inputRequests: {
            attendee: inputRequired.elicit(attendeeRequest),
          },
          requestState: await mrtrState.mint(ctx, 'register-event', { event }, state),
        });
      }
      registrations.push(`${event}:pending`);
      state = { step: 'meal', attendee };
    }
    const { attendee } = state;
    const mealRequest: ElicitRequestFormParams = {
      message: 'Meal preference?',
      requestedSchema: { type: 'object', properties: { meal: { type: 'string', enum: ['veg', 'meat'] } }, required: ['meal'] },
    };
    const meal = elicitAnswer(ctx, 'meal', mealRequest);
    if (meal === undefined) {
      return inputRequired({
        inputRequests: {
          meal: inputRequired.elicit(mealRequest),
        },
        requestState: await mrtrState.mint(ctx, 'register-event', { event }, state),
      });
    }
    if (attendee.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not registered' }] };
    }
    const food = meal.action === 'accept' ? String(meal.content?.meal) : 'veg';
    return { content: [{ type: 'text', text: `${String(attendee.content?.email)} registered for ${event} (${food})` }] };
  },
);
