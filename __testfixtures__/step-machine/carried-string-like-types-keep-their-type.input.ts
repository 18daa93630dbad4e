import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

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

server.registerTool(
  'send-transfer',
  { description: 'Send a transfer after confirmation', inputSchema: z.object({ amount: z.number(), urgent: z.boolean() }) },
  async ({ amount, urgent }, ctx) => {
    const transferId = randomUUID();
    const cents = toCents(amount);
    const currency = houseCurrency;
    const priority = priorityFor(urgent);
    transfers.push({ id: `draft-${transferId}`, amount: cents, currency, priority });
    const answer = await ctx.mcpReq.elicitInput({
      message: `Send ${cents / 100} ${currency} (${priority})?`,
      requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
    });
    if (answer.action !== 'accept' || answer.content?.send !== true) return { content: [{ type: 'text', text: 'Not sent' }] };
    transfers.push({ id: transferId, amount: cents, currency, priority });
    return { content: [{ type: 'text', text: `Sent transfer ${transferId}` }] };
  },
);
