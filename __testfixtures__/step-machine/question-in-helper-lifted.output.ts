import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'hr', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askReason() asks with (its code before the question). */
function askReasonParams(employee: string): ElicitRequestFormParams {
  return {
    message: `Reason for removing ${employee}?`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  };
}

/** What askReason() does with the answer (its code after the question). */
function askReasonOutcome(answer: ElicitResult): string | undefined {
  return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
}

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
