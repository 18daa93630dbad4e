// A multi-line SDK import with a trailing comma: the removed name in the middle goes with its
// separator, the new names follow the last kept one.
import {
  McpServer,
  type CallToolResult, inputRequired, type InputRequiredResult,
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'payments', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

server.registerTool('refund', { inputSchema: z.object({ order: z.string() }) }, async ({ order }, ctx): Promise<CallToolResult | InputRequiredResult> => {
  const resumed = await mrtrState.resume<{ step: string }>(ctx, 'refund', { order });
  if (resumed?.step === 'url-consent') {
    const urlConsent = elicitAnswer(ctx, 'consent', {});
    if (urlConsent?.action === 'decline' || urlConsent?.action === 'cancel') throw new Error('The URL step was declined');
  }
  const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: `Confirm the refund of ${order}`, url: `https://pay.example.com/refund/${order}` };
  const consent = elicitAnswer(ctx, 'consent', consentRequest);
  if (consent?.action === 'decline' || consent?.action === 'cancel') {
    throw new Error('The URL step was declined');
  }
  return inputRequired({
    inputRequests: {
      consent: inputRequired.elicitUrl(consentRequest),
    },
    requestState: await mrtrState.mint(ctx, 'refund', { order }, { step: 'url-consent' }),
  });
});
