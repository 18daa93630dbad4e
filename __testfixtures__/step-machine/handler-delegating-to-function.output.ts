import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'billing', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const RefundInput = z.object({ invoice: z.string(), amount: z.number() });

type RefundState = { step: 'approve' };
async function refund({ invoice, amount }: z.infer<typeof RefundInput>, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
  let state = await mrtrState.resume<RefundState>(ctx, 'refund', { invoice, amount });
  state ??= { step: 'approve' };
  const approveRequest: ElicitRequestFormParams = {
    message: `Refund ${amount} on ${invoice}?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  };
  const answer = elicitAnswer(ctx, 'approve', approveRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        approve: inputRequired.elicit(approveRequest),
      },
      requestState: await mrtrState.mint(ctx, 'refund', { invoice, amount }, state),
    });
  }
  if (answer.action !== 'accept' || answer.content?.approve !== true) {
    return { content: [{ type: 'text', text: 'No refund' }] };
  }
  return { content: [{ type: 'text', text: `Refunded ${amount} on ${invoice}` }] };
}

server.registerTool('refund', { description: 'Refund an invoice', inputSchema: RefundInput }, (args, ctx) => refund(args, ctx));
