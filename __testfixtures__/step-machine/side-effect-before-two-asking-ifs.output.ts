import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'transfers', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const audit: string[] = [];

async function quote(amount: number): Promise<{ fee: number; flagged: boolean }> {
  audit.push(`quoted ${amount}`);
  return { fee: amount / 100, flagged: amount > 10_000 };
}

type TransferState =
  | { step: 'review'; offer: { fee: number; flagged: boolean } }
  | { step: 'fee'; offer: { fee: number; flagged: boolean } };
server.registerTool(
  'transfer',
  { description: 'Transfer money', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
  async ({ amount, to }, ctx) => {
    const resumed = await mrtrState.resume<TransferState>(ctx, 'transfer', { amount, to });
    let offer: { fee: number; flagged: boolean };
    if (resumed === undefined) {
      offer = await quote(amount);
    } else {
      ({ offer } = resumed);
    }
    if (offer.flagged) {
      let reviewState = resumed?.step === 'review' ? resumed : undefined;
      reviewState ??= { step: 'review', offer };
      const reviewRequest: ElicitRequestFormParams = {
        message: `Transfers over 10000 need a reason. Why send ${amount} to ${to}?`,
        requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
      };
      const review = elicitAnswer(ctx, 'review', reviewRequest);
      if (review === undefined) {
        return inputRequired({
          inputRequests: {
            review: inputRequired.elicit(reviewRequest),
          },
          requestState: await mrtrState.mint(ctx, 'transfer', { amount, to }, reviewState),
        });
      }
      if (review.action !== 'accept') return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
      audit.push(`flagged transfer to ${to}: ${String(review.content?.reason)}`);
      return { content: [{ type: 'text', text: `Transfer of ${amount} sent for review` }] };
    }
    if (offer.fee > 5) {
      let feeState = resumed?.step === 'fee' ? resumed : undefined;
      feeState ??= { step: 'fee', offer };
      const feeRequest: ElicitRequestFormParams = {
        message: `The fee is ${offer.fee}. Continue?`,
        requestedSchema: { type: 'object', properties: { accept: { type: 'boolean' } }, required: ['accept'] },
      };
      const fee = elicitAnswer(ctx, 'fee', feeRequest);
      if (fee === undefined) {
        return inputRequired({
          inputRequests: {
            fee: inputRequired.elicit(feeRequest),
          },
          requestState: await mrtrState.mint(ctx, 'transfer', { amount, to }, feeState),
        });
      }
      if (fee.action !== 'accept' || fee.content?.accept !== true) return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
    }
    audit.push(`sent ${amount} to ${to}`);
    return { content: [{ type: 'text', text: `Sent ${amount} to ${to} (fee ${offer.fee})` }] };
  },
);
