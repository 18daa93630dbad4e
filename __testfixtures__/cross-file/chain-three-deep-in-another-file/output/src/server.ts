import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmRemovalParams, confirmRemovalOutcome } from './lib/confirm.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RemoveEmployeeState = { step: 'outcome' };
server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<RemoveEmployeeState>(ctx, 'remove_employee', { employee });
    state ??= { step: 'outcome' };
    const outcomeRequest: ElicitRequestFormParams = confirmRemovalParams(employee);
    const outcomeAnswer = elicitAnswer(ctx, 'outcome', outcomeRequest);
    if (outcomeAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          outcome: inputRequired.elicit(outcomeRequest),
        },
        requestState: await mrtrState.mint(ctx, 'remove_employee', { employee }, state),
      });
    }
    const outcome = confirmRemovalOutcome(outcomeAnswer);
    return { content: [{ type: 'text', text: `${employee}: ${outcome}` }] };
  },
);

export { server };
