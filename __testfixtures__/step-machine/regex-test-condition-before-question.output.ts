import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'iam-policies', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const PRIVILEGED = [/AdministratorAccess$/, /IAMFullAccess$/];

type GrantState = { step: 'approval' };
server.registerTool(
  'grant',
  { description: 'Grant a policy', inputSchema: z.object({ user: z.string(), policyArn: z.string() }) },
  async ({ user, policyArn }, ctx) => {
    const resumed = await mrtrState.resume<GrantState>(ctx, 'grant', { user, policyArn });
    if (PRIVILEGED.some((pattern) => pattern.test(policyArn))) {
      let state = resumed;
      state ??= { step: 'approval' };
      const approvalRequest: ElicitRequestFormParams = {
        message: `${policyArn} is privileged. Grant it to ${user}?`,
        requestedSchema: { type: 'object', properties: { approver: { type: 'string' } }, required: ['approver'] },
      };
      const approval = elicitAnswer(ctx, 'approval', approvalRequest);
      if (approval === undefined) {
        return inputRequired({
          inputRequests: {
            approval: inputRequired.elicit(approvalRequest),
          },
          requestState: await mrtrState.mint(ctx, 'grant', { user, policyArn }, state),
        });
      }
      if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Not granted' }] };
    }
    return { content: [{ type: 'text', text: `Granted ${policyArn} to ${user}` }] };
  },
);
