// A registrar and a curried wrapper that drop the context (issue 12, shape 4): the wrapper rate
// limits every tool, counts the calls that finished, and turns errors into tool errors. After the
// migration it must pass the context on and hand an input request back unchanged, uncounted.
//
// The second tool is chosen into a variable and run inside a closure handed to a tracer that
// counts the call as finished (zx8086/mcp-konnect's shape): the codemod reports it and leaves it
// push-style, so it fails on 2026-07-28 as before.
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];
/** Requests each tool accepted; not an effect of the call: every round is a request of its own. */
export const accepted = new Map<string, number>();

type ToolCallback = (args: Record<string, unknown>) => Promise<CallToolResult>;

function wrap(name: string, cb: ToolCallback): ToolCallback {
  return async (args) => {
    const used = accepted.get(name) ?? 0;
    if (used >= 100) return { isError: true, content: [{ type: 'text', text: `${name}: rate limited` }] };
    accepted.set(name, used + 1);
    try {
      const result = await cb(args);
      effects.push(`finished:${name}`);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${name} failed: ${String(error)}` }] };
    }
  };
}

/** The tracer of one tool: runs the operation it is given and records it as a finished call. */
function tracerFor(name: string) {
  return async <T>(operation: () => Promise<T>): Promise<T> => {
    const result = await operation();
    effects.push(`traced:${name}`);
    return result;
  };
}

/** Reissuing asks first unless the invoice was already confirmed elsewhere. */
const REISSUE_ASKS = true;

export function createServer(): McpServer {
  const server = new McpServer({ name: 'billing', version: '1.0.0' });
  const tool = (name: string, schema: z.ZodRawShape, cb: ToolCallback) =>
    server.registerTool(name, { inputSchema: z.object(schema) }, (args) => wrap(name, cb)(args));

  tool('refund', { invoice: z.string() }, async ({ invoice }) => {
    effects.push(`lookup:${String(invoice)}`);
    const answer = await server.server.elicitInput({
      message: `Refund invoice ${String(invoice)}?`,
      requestedSchema: { type: 'object', properties: { refund: { type: 'boolean' } }, required: ['refund'] },
    });
    if (answer.action !== 'accept' || answer.content?.refund !== true) return { content: [{ type: 'text', text: 'Not refunded' }] };
    effects.push(`refund:${String(invoice)}`);
    return { content: [{ type: 'text', text: `Invoice ${String(invoice)} refunded` }] };
  });

  let reissue: (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult>;
  if (REISSUE_ASKS) {
    reissue = async (args, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Reissue invoice ${String(args.invoice)}?`,
        requestedSchema: { type: 'object', properties: { reissue: { type: 'boolean' } }, required: ['reissue'] },
      });
      if (answer.action !== 'accept' || answer.content?.reissue !== true) return { content: [{ type: 'text', text: 'Not reissued' }] };
      effects.push(`reissue:${String(args.invoice)}`);
      return { content: [{ type: 'text', text: `Invoice ${String(args.invoice)} reissued` }] };
    };
  } else {
    reissue = async (args) => ({ content: [{ type: 'text', text: `Invoice ${String(args.invoice)} reissued` }] });
  }
  const trace = tracerFor('reissue');
  const traced = async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
    const result = await trace(async () => reissue(args, ctx));
    return result;
  };
  server.registerTool('reissue', { inputSchema: z.object({ invoice: z.string() }) }, traced);
  return server;
}
