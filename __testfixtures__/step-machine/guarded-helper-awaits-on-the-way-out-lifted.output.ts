import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const auditLog: string[] = [];

async function audit(entry: string): Promise<void> {
  auditLog.push(entry);
}

const LIMIT = 500;

/** The request approveRefund() asks with, or its result when it returns without asking (its code before the question). */
async function approveRefundParams(amount: number): Promise<{ ask: ElicitRequestFormParams } | { done: boolean }> {
  if (amount > LIMIT) {
    await audit(`refund of ${amount} refused: over the limit`);
    return { done: false };
  }
  return { ask: {
    message: `Refund ${amount}?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  } };
}

/** What approveRefund() does with the answer (its code after the question). */
function approveRefundOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.approve === true;
}

const server = new McpServer({ name: 'refunds', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RefundState = { step: 'approve_refund' };
server.registerTool(
  'refund',
  { description: 'Refund an order', inputSchema: z.object({ amount: z.number() }) },
  async ({ amount }, ctx) => {
    let state = await mrtrState.resume<RefundState>(ctx, 'refund', { amount });
    state ??= { step: 'approve_refund' };
    const approveRefundRequest = await approveRefundParams(amount);
    const approveRefundAnswer = 'ask' in approveRefundRequest ? elicitAnswer(ctx, 'approve_refund', approveRefundRequest.ask) : undefined;
    if ('ask' in approveRefundRequest && approveRefundAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          approve_refund: inputRequired.elicit(approveRefundRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'refund', { amount }, state),
      });
    }
    if (!('done' in approveRefundRequest ? approveRefundRequest.done : approveRefundOutcome(approveRefundAnswer!))) return { content: [{ type: 'text', text: 'No refund' }] };
    return { content: [{ type: 'text', text: `Refunded ${amount}` }] };
  },
);
