import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'iam', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const attached: string[] = [];

type AttachPolicyState = { step: 'approval' };
server.registerTool(
  'attach-policy',
  { description: 'Attach a policy to a user', inputSchema: z.object({ user: z.string(), policy: z.string() }) },
  async ({ user, policy }, ctx) => {
    const resumed = await mrtrState.resume<AttachPolicyState>(ctx, 'attach-policy', { user, policy });
    try {
      if (policy.endsWith('AdministratorAccess')) {
        let state = resumed;
        state ??= { step: 'approval' };
        const approvalRequest: ElicitRequestFormParams = {
          message: `${policy} grants administrative access. Attach it to ${user}?`,
          requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
        };
        const approval = elicitAnswer(ctx, 'approval', approvalRequest);
        if (approval === undefined) {
          return inputRequired({
            inputRequests: {
              approval: inputRequired.elicit(approvalRequest),
            },
            requestState: await mrtrState.mint(ctx, 'attach-policy', { user, policy }, state),
          });
        }
        if (approval.action !== 'accept' || approval.content?.approve !== true) {
          return { content: [{ type: 'text', text: 'Policy not attached' }] };
        }
      }
      attached.push(`${policy} -> ${user}`);
      return { content: [{ type: 'text', text: `Attached ${policy} to ${user}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
