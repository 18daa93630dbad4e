import { randomUUID } from 'node:crypto';
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'payments', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type Cents = number & { readonly __unit: 'cents' };
enum Currency {
  Euro = 'EUR',
  Dollar = 'USD',
}
type Priority = 'low' | 'normal' | 'urgent';

export const transfers: { id: string; amount: Cents; currency: Currency; priority: Priority }[] = [];

let houseCurrency = Currency.Euro;

export function setHouseCurrency(currency: Currency): void {
  houseCurrency = currency;
}

function priorityFor(urgent: boolean): Priority {
  return urgent ? 'urgent' : 'normal';
}

function toCents(amount: number): Cents {
  return Math.round(amount * 100) as Cents;
}

type SendTransferState = { step: 'send'; transferId: `${string}-${string}-${string}-${string}-${string}`; cents: Cents; currency: Currency; priority: Priority };
server.registerTool(
  'send-transfer',
  { description: 'Send a transfer after confirmation', inputSchema: z.object({ amount: z.number(), urgent: z.boolean() }) },
  async ({ amount, urgent }, ctx) => {
    let state = await mrtrState.resume<SendTransferState>(ctx, 'send-transfer', { amount, urgent });
    if (state === undefined) {
      const transferId = randomUUID();
      const cents = toCents(amount);
      const currency = houseCurrency;
      const priority = priorityFor(urgent);
      transfers.push({ id: `draft-${transferId}`, amount: cents, currency, priority });
      state = { step: 'send', transferId, cents, currency, priority };
    }
    const { transferId, cents, currency, priority } = state;
    const sendRequest: ElicitRequestFormParams = {
      message: `Send ${cents / 100} ${currency} (${priority})?`,
      requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
    };
    const answer = elicitAnswer(ctx, 'send', sendRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          send: inputRequired.elicit(sendRequest),
        },
        requestState: await mrtrState.mint(ctx, 'send-transfer', { amount, urgent }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.send !== true) return { content: [{ type: 'text', text: 'Not sent' }] };
    transfers.push({ id: transferId, amount: cents, currency, priority });
    return { content: [{ type: 'text', text: `Sent transfer ${transferId}` }] };
  },
);
