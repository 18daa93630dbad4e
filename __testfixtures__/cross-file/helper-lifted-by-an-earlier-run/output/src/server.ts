import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReasonParams, askReasonOutcome } from './lib/reason.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type OffboardState = { step: 'reason' };
server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<OffboardState>(ctx, 'offboard', { employee });
    state ??= { step: 'reason' };
    const reasonRequest: ElicitRequestFormParams = askReasonParams(employee);
    const reasonAnswer = elicitAnswer(ctx, 'reason', reasonRequest);
    if (reasonAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          reason: inputRequired.elicit(reasonRequest),
        },
        requestState: await mrtrState.mint(ctx, 'offboard', { employee }, state),
      });
    }
    const reason = askReasonOutcome(reasonAnswer);
    if (reason === undefined) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}: ${reason}` }] };
  },
);

export { server };
