import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

const callsLeft = new Map<string, number>();
export const finishedCalls = new Map<string, number>();

type ToolCallback = (args: Record<string, unknown>) => Promise<CallToolResult>;

/** Rate limits every tool, counts the calls that finished, and turns errors into tool errors. */
function wrap(name: string, cb: ToolCallback): ToolCallback {
  return async (args) => {
    const left = callsLeft.get(name) ?? 100;
    if (left === 0) return { isError: true, content: [{ type: 'text', text: `${name}: rate limited` }] };
    callsLeft.set(name, left - 1);
    const started = Date.now();
    try {
      const result = await cb(args);
      finishedCalls.set(name, (finishedCalls.get(name) ?? 0) + 1);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${name} failed: ${String(error)}` }] };
    } finally {
      console.debug(name, 'took', Date.now() - started, 'ms');
    }
  };
}

const tool = (name: string, description: string, schema: z.ZodRawShape, cb: ToolCallback) =>
  server.registerTool(name, { description, inputSchema: z.object(schema) }, (args) => wrap(name, cb)(args));

tool('refund_invoice', 'Refund an invoice', { invoice: z.string() }, async ({ invoice }) => {
  const answer = await server.server.elicitInput({
    message: `Refund invoice ${String(invoice)}?`,
    requestedSchema: { type: 'object', properties: { refund: { type: 'boolean' } }, required: ['refund'] },
  });
  if (answer.action !== 'accept' || answer.content?.refund !== true) return { content: [{ type: 'text', text: 'Not refunded' }] };
  return { content: [{ type: 'text', text: `Invoice ${String(invoice)} refunded` }] };
});

tool('invoice_total', 'Total of an invoice', { invoice: z.string() }, async ({ invoice }) => ({
  content: [{ type: 'text', text: `Invoice ${String(invoice)}: 12.00 EUR` }],
}));
