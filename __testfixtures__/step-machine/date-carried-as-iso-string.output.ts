import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'timesheets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type LogTimeState = { step: 'hours'; startedAt: string };
server.registerTool(
  'log-time',
  { description: 'Log working time', inputSchema: z.object({ project: z.string() }) },
  async ({ project }, ctx) => {
    let state = await mrtrState.resume<LogTimeState>(ctx, 'log-time', { project });
    if (state === undefined) {
      const startedAt = new Date();
      state = { step: 'hours', startedAt: startedAt.toISOString() };
    }
    const startedAt = new Date(state.startedAt);
    const hoursRequest: ElicitRequestFormParams = {
      message: `Hours spent on ${project}?`,
      requestedSchema: { type: 'object', properties: { hours: { type: 'number', minimum: 0 } }, required: ['hours'] },
    };
    const hours = elicitAnswer(ctx, 'hours', hoursRequest);
    if (hours === undefined) {
      return inputRequired({
        inputRequests: {
          hours: inputRequired.elicit(hoursRequest),
        },
        requestState: await mrtrState.mint(ctx, 'log-time', { project }, state),
      });
    }
    if (hours.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Nothing logged' }] };
    }
    return { content: [{ type: 'text', text: `Logged ${Number(hours.content?.hours)} h on ${project} at ${startedAt.toISOString()}` }] };
  },
);
