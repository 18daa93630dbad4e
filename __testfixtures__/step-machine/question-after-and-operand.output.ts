import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tracker', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const sent: string[] = [];

type AssignIssueState = { step: 'notify' };
server.registerTool(
  'assign-issue',
  { description: 'Assign an issue', inputSchema: z.object({ issueId: z.string(), assignee: z.string(), askToNotify: z.boolean() }) },
  async ({ issueId, assignee, askToNotify }, ctx) => {
    const resumed = await mrtrState.resume<AssignIssueState>(ctx, 'assign-issue', { issueId, assignee, askToNotify });
    let notify: boolean = askToNotify;
    if (notify) {
      let state = resumed;
      state ??= { step: 'notify' };
      const notifyRequest: ElicitRequestFormParams = {
        message: `Send ${assignee} a notification about ${issueId}?`,
        requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } }, required: ['notify'] },
      };
      const notifyAnswer = elicitAnswer(ctx, 'notify', notifyRequest);
      if (notifyAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            notify: inputRequired.elicit(notifyRequest),
          },
          requestState: await mrtrState.mint(ctx, 'assign-issue', { issueId, assignee, askToNotify }, state),
        });
      }
      notify = notifyAnswer.content?.notify === true;
    }
    if (notify) sent.push(`${assignee}: ${issueId}`);
    return { content: [{ type: 'text', text: `${issueId} assigned to ${assignee}${notify ? ' (notified)' : ''}` }] };
  },
);
