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
  return confirmParams(`Remove ${employee} from the directory?`);
}

/** What confirmRemoval() does with the answer (its code after the question). */
function confirmRemovalOutcome(answer: ElicitResult): boolean {
  return confirmOutcome(answer);
}

/** The request confirmOffboarding() asks with (its code before the question). */
function confirmOffboardingParams(employee: string): ElicitRequestFormParams {
  const name = employee.trim();
  return confirmRemovalParams(name);
}

/** What confirmOffboarding() does with the answer (its code after the question). */
function confirmOffboardingOutcome(answer: ElicitResult): boolean {
  return confirmRemovalOutcome(answer);
}

type OffboardState = { step: 'confirm_offboarding' };
server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    let state = await mrtrState.resume<OffboardState>(ctx, 'offboard', { employee });
    state ??= { step: 'confirm_offboarding' };
    const confirmOffboardingRequest: ElicitRequestFormParams = confirmOffboardingParams(employee);
    const confirmOffboardingAnswer = elicitAnswer(ctx, 'confirm_offboarding', confirmOffboardingRequest);
    if (confirmOffboardingAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_offboarding: inputRequired.elicit(confirmOffboardingRequest),
        },
        requestState: await mrtrState.mint(ctx, 'offboard', { employee }, state),
      });
    }
    if (!confirmOffboardingOutcome(confirmOffboardingAnswer)) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}` }] };
  },
);
