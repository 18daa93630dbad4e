// Payments server: billing set-up in the user's browser, and refunds with confirmation.
import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface Customer {
  id: string;
  email: string | null;
  invoice_settings: { default_payment_method: string | null };
}

interface Charge {
  id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
}

const stripe = new ApiClient({ baseUrl: 'https://api.stripe.com/v1/', token: process.env.STRIPE_SECRET_KEY });
const log = createLogger('payments');
const metrics = {
  timing(name: string, ms: number, tags: Record<string, string> = {}) {
    log.debug('metric', { name, ms, ...tags });
  },
};

function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
}

export function createPaymentsServer(): McpServer {
  const server = new McpServer({ name: 'payments', version: '5.3.0' });

  server.registerTool(
    'setup_billing',
    {
      description: 'Make sure a customer has a payment method; the user adds one in the browser',
      inputSchema: z.object({ customerId: z.string() }),
    },
    async ({ customerId }) => {
      const customer = await stripe.get<Customer>(`customers/${customerId}`);
      if (customer.invoice_settings.default_payment_method) {
        return { content: [{ type: 'text', text: `${customer.email ?? customerId} already has a payment method` }] };
      }
      const session = await stripe.post<{ id: string; url: string }>('checkout/sessions', {
        mode: 'setup',
        customer: customerId,
        success_url: 'https://billing.example.com/setup/done',
      });
      log.info('setup session created', { customerId, session: session.id });
      if (!server.server.getClientCapabilities()?.elicitation?.url) {
        return { content: [{ type: 'text', text: `Ask the customer to add a payment method at ${session.url}` }] };
      }
      throw new UrlElicitationRequiredError(
        [{ mode: 'url', message: 'Add a payment method in your browser, then retry', url: session.url, elicitationId: session.id }],
        'A payment method must be added in the browser',
      );
    },
  );

  server.registerTool(
    'refund_charge',
    {
      description: 'Refund a charge, fully or partially',
      inputSchema: z.object({ chargeId: z.string() }),
      annotations: { destructiveHint: true },
    },
    async ({ chargeId }, ctx) => {
      const started = performance.now();
      try {
        const charge = await stripe.get<Charge>(`charges/${chargeId}`);
        const refundable = charge.amount - charge.amount_refunded;
        if (refundable <= 0) {
          return { content: [{ type: 'text', text: `${chargeId} is already fully refunded` }] };
        }
        const answer = await server.server.elicitInput({
          message: `Refund up to ${formatAmount(refundable, charge.currency)} of ${chargeId}?`,
          requestedSchema: {
            type: 'object',
            properties: {
              amount: { type: 'integer', title: 'Amount in cents', minimum: 1, maximum: refundable },
              reason: { type: 'string', enum: ['duplicate', 'fraudulent', 'requested_by_customer'] },
            },
            required: ['amount', 'reason'],
          },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No refund issued' }] };
        const refund = await stripe.post<{ id: string; status: string }>('refunds', {
          charge: chargeId,
          amount: answer.content?.amount,
          reason: answer.content?.reason,
        });
        return { content: [{ type: 'text', text: `Refund ${refund.id}: ${refund.status}` }] };
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) {
          return { isError: true, content: [{ type: 'text', text: `Stripe rejected the refund: ${error.body}` }] };
        }
        log.error('refund failed', { chargeId, error: errorMessage(error) });
        throw error;
      } finally {
        metrics.timing('refund_charge', performance.now() - started, { chargeId });
      }
    },
  );

  return server;
}
