import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmRemovalParams, confirmRemovalOutcome } from './lib/removal.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RemoveEmployeeState = { step: 'confirm_removal' };
server.registerTool(
  'remove_employee',
  { description: 'Remove an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<RemoveEmployeeState>(ctx, 'remove_employee', { employee });
    state ??= { step: 'confirm_removal' };
    const confirmRemovalRequest: ElicitRequestFormParams = confirmRemovalParams(employee);
    const confirmRemovalAnswer = elicitAnswer(ctx, 'confirm_removal', confirmRemovalRequest);
    if (confirmRemovalAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_removal: inputRequired.elicit(confirmRemovalRequest),
        },
        requestState: await mrtrState.mint(ctx, 'remove_employee', { employee }, state),
      });
    }
    if (!confirmRemovalOutcome(confirmRemovalAnswer)) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Removed ${employee}` }] };
  },
);

export { server };
