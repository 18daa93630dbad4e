// The SDK import is written over several lines and its last name, with no trailing comma, is
// the error class the rewrite removes: the new names take its place, the layout stays.
import {
  McpServer, inputRequired
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'payments', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

server.registerTool('confirm_payment', { inputSchema: z.object({ amount: z.number() }) }, async ({ amount }, ctx) => {
  const resumed = await mrtrState.resume<{ step: string }>(ctx, 'confirm_payment', { amount });
  if (resumed?.step === 'url-consent') {
    const urlConsent = elicitAnswer(ctx, 'consent', {});
    if (urlConsent?.action === 'decline' || urlConsent?.action === 'cancel') throw new Error('The URL step was declined');
  }
  if (amount > 1000) {
    const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: `Approve the payment of ${amount}`, url: 'https://pay.example.com/approve' };
    const consent = elicitAnswer(ctx, 'consent', consentRequest);
    if (consent?.action === 'decline' || consent?.action === 'cancel') {
      throw new Error('The URL step was declined');
    }
    return inputRequired({
      inputRequests: {
        consent: inputRequired.elicitUrl(consentRequest),
      },
      requestState: await mrtrState.mint(ctx, 'confirm_payment', { amount }, { step: 'url-consent' }),
    });
  }
  return { content: [{ type: 'text', text: `Paid ${amount}` }] };
});
