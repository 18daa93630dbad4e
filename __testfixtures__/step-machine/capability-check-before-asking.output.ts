import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

const server = new McpServer({ name: 'scheduler', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ScheduleMeetingState = { step: 'slot' };
server.registerTool(
  'schedule-meeting',
  { description: 'Schedule a meeting', inputSchema: z.object({ topic: z.string() }) },
  async ({ topic }, ctx) => {
    const canAsk = (clientCapabilities(ctx) ?? server.server.getClientCapabilities())?.elicitation !== undefined;
    let state = await mrtrState.resume<ScheduleMeetingState>(ctx, 'schedule-meeting', { topic });
    if (state === undefined) {
      if (!canAsk) {
        return { content: [{ type: 'text', text: `Scheduled "${topic}" for tomorrow 10:00 (default)` }] };
      }
      state = { step: 'slot' };
    }
    const slotRequest: ElicitRequestFormParams = {
      message: `When should "${topic}" take place?`,
      requestedSchema: { type: 'object', properties: { time: { type: 'string', format: 'date-time' } }, required: ['time'] },
    };
    const slot = elicitAnswer(ctx, 'slot', slotRequest);
    if (slot === undefined) {
      return inputRequired({
        inputRequests: {
          slot: inputRequired.elicit(slotRequest),
        },
        requestState: await mrtrState.mint(ctx, 'schedule-meeting', { topic }, state),
      });
    }
    if (slot.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not scheduled' }] };
    }
    return { content: [{ type: 'text', text: `Scheduled "${topic}" at ${String(slot.content?.time)}` }] };
  },
);
