import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'travel', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askSeat() asks with (its code before the question). */
function askSeatParams(flight: string): ElicitRequestFormParams {
  return {
    message: `Seat on ${flight}?`,
    requestedSchema: { type: 'object', properties: { seat: { type: 'string' } }, required: ['seat'] },
  };
}

/** The request askWindowSeat() asks with (its code before the question). */
function askWindowSeatParams(flight: string): ElicitRequestFormParams {
  return askSeatParams(`${flight} (window seats only)`);
}

type PickSeatState = { step: 'picked' };
server.registerTool(
  'pick_seat',
  { description: 'Pick a seat', inputSchema: z.object({ flight: z.string() }) },
  async ({ flight }, ctx) => {
    let state = await mrtrState.resume<PickSeatState>(ctx, 'pick_seat', { flight });
    state ??= { step: 'picked' };
    const pickedRequest: ElicitRequestFormParams = askWindowSeatParams(flight);
    const picked = elicitAnswer(ctx, 'picked', pickedRequest);
    if (picked === undefined) {
      return inputRequired({
        inputRequests: {
          picked: inputRequired.elicit(pickedRequest),
        },
        requestState: await mrtrState.mint(ctx, 'pick_seat', { flight }, state),
      });
    }
    if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'No seat picked' }] };
    return { content: [{ type: 'text', text: `Seat ${String(picked.content?.seat)} on ${flight}` }] };
  },
);
