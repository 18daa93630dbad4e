import { randomUUID } from 'node:crypto';
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'billing', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
const connections = new Map<string, string>();

// The handler's own correlation id, named like the removed protocol field: it is used in the URL and
// after the answer, so it travels in the state; a second run must not take it for the protocol's.
type ConnectBankState = { step: 'consent'; elicitationId: string };
server.registerTool(
  'connect-bank',
  { description: 'Connect a bank account through the bank website', inputSchema: z.object({ bank: z.string() }) },
  async ({ bank }, ctx) => {
    let state = await mrtrState.resume<ConnectBankState>(ctx, 'connect-bank', { bank });
    if (state === undefined) {
      const elicitationId: string = randomUUID();
      state = { step: 'consent', elicitationId };
    }
    const { elicitationId } = state;
    const consentRequest: Parameters<typeof inputRequired.elicitUrl>[0] = { message: `Sign in to ${bank} to connect your account`, url: `https://billing.example.com/connect/${encodeURIComponent(bank)}?session=${elicitationId}` };
    const consent = elicitAnswer(ctx, 'consent', consentRequest);
    if (consent === undefined) {
      return inputRequired({
        inputRequests: {
          consent: inputRequired.elicitUrl(consentRequest),
        },
        requestState: await mrtrState.mint(ctx, 'connect-bank', { bank }, state),
      });
    }
    if (consent.action !== 'accept') {
      return { content: [{ type: 'text', text: `${bank} not connected` }] };
    }
    connections.set(elicitationId, bank);
    return { content: [{ type: 'text', text: `Connecting ${bank}; finish in the browser` }] };
  },
);
