import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'approvals', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ApproveExpenseState = { step: 'approval' };
server.registerTool(
  'approve-expense',
  { description: 'Ask for expense approval', inputSchema: z.object({ amount: z.number() }) },
  async ({ amount }, ctx) => {
    let state = await mrtrState.resume<ApproveExpenseState>(ctx, 'approve-expense', { amount });
    state ??= { step: 'approval' };
    const approvalRequest: ElicitRequestFormParams = {
      message: `Approve an expense of ${amount} EUR?`,
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
    };
    const approval = elicitAnswer(ctx, 'approval', approvalRequest);
    if (approval === undefined) {
      return inputRequired({
        inputRequests: {
          approval: inputRequired.elicit(approvalRequest),
        },
        requestState: await mrtrState.mint(ctx, 'approve-expense', { amount }, state),
      });
    }
    const approved = approval.action === 'accept' && approval.content?.approve === true;
    return { content: [{ type: 'text', text: approved ? 'Approved' : 'Not approved' }] };
  },
);
