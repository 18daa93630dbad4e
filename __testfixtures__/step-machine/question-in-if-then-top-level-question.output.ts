import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'payouts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PayoutState =
  | { step: 'approval' }
  | { step: 'memo' };
server.registerTool(
  'payout',
  { description: 'Pay out a vendor', inputSchema: z.object({ vendor: z.string(), amount: z.number() }) },
  async ({ vendor, amount }, ctx) => {
    const resumed = await mrtrState.resume<PayoutState>(ctx, 'payout', { vendor, amount });
    let memoState = resumed?.step === 'memo' ? resumed : undefined;
    if (memoState === undefined) {
      if (amount > 1000) {
        let approvalState = resumed?.step === 'approval' ? resumed : undefined;
        approvalState ??= { step: 'approval' };
        const approvalRequest: ElicitRequestFormParams = {
          message: `Approve a payout of ${amount} to ${vendor}?`,
          requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
        };
        const approval = elicitAnswer(ctx, 'approval', approvalRequest);
        if (approval === undefined) {
          return inputRequired({
            inputRequests: {
              approval: inputRequired.elicit(approvalRequest),
            },
            requestState: await mrtrState.mint(ctx, 'payout', { vendor, amount }, approvalState),
          });
        }
        if (approval.action !== 'accept' || approval.content?.approve !== true) {
          return { content: [{ type: 'text', text: 'Payout not approved' }] };
        }
      }
      memoState = { step: 'memo' };
    }
    const memoRequest: ElicitRequestFormParams = {
      message: 'Memo for the bank transfer?',
      requestedSchema: { type: 'object', properties: { memo: { type: 'string', maxLength: 140 } }, required: ['memo'] },
    };
    const memo = elicitAnswer(ctx, 'memo', memoRequest);
    if (memo === undefined) {
      return inputRequired({
        inputRequests: {
          memo: inputRequired.elicit(memoRequest),
        },
        requestState: await mrtrState.mint(ctx, 'payout', { vendor, amount }, memoState),
      });
    }
    const text = memo.action === 'accept' ? String(memo.content?.memo) : '';
    return { content: [{ type: 'text', text: `Paid ${amount} to ${vendor} ${text}`.trim() }] };
  },
);
