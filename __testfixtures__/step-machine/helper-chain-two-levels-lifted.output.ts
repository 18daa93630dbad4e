import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirm() asks with (its code before the question). */
function confirmParams(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.ok === true;
}

/** The request confirmRemoval() asks with (its code before the question). */
function confirmRemovalParams(employee: string): ElicitRequestFormParams {
  return confirmParams(`Remove ${employee}?`);
}

/** What confirmRemoval() does with the answer (its code after the question). */
function confirmRemovalOutcome(answer: ElicitResult): boolean {
  return confirmOutcome(answer);
}

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
