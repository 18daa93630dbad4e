import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'support', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type OpenCaseState = { step: 'invoice' };
server.registerTool(
  'open-case',
  { description: 'Open a support case', inputSchema: z.object({ kind: z.enum(['bug', 'billing', 'other']) }) },
  async ({ kind }, ctx) => {
    const resumed = await mrtrState.resume<OpenCaseState>(ctx, 'open-case', { kind });
    switch (kind) {
      case 'billing': {
        let state = resumed;
        state ??= { step: 'invoice' };
        const invoiceRequest: ElicitRequestFormParams = {
          message: 'Invoice number?',
          requestedSchema: { type: 'object', properties: { invoice: { type: 'string' } }, required: ['invoice'] },
        };
        const invoice = elicitAnswer(ctx, 'invoice', invoiceRequest);
        if (invoice === undefined) {
          return inputRequired({
            inputRequests: {
              invoice: inputRequired.elicit(invoiceRequest),
            },
            requestState: await mrtrState.mint(ctx, 'open-case', { kind }, state),
          });
        }
        if (invoice.action !== 'accept') return { content: [{ type: 'text', text: 'Case not opened' }] };
        return { content: [{ type: 'text', text: `Billing case for ${String(invoice.content?.invoice)}` }] };
      }
      default:
        return { content: [{ type: 'text', text: `Opened a ${kind} case` }] };
    }
  },
);
