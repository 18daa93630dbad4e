import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { SpanRecorder } from './support/tracing.js';

interface ToolEntry {
  name: string;
  group: string;
  shape: z.ZodRawShape;
  asks: boolean;
}

const entries: ToolEntry[] = [
  { name: 'restock_item', group: 'stock', shape: { sku: z.string() }, asks: true },
  { name: 'count_items', group: 'stock', shape: {}, asks: false },
];

// Each tool's function is chosen into `run`, then run inside a closure handed to the tool's tracer.
export function registerInventory(server: McpServer, spans: SpanRecorder): void {
  entries.forEach((entry) => {
    let run: (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult>;
    if (entry.asks) {
      run = async (args, ctx) => {
        // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput is in a request handler, but tool handler entry.name runs it inside a function it hands to trace() (the function spans.tracerFor() returns), which is not declared in the handler's file, so whether it hands an input request back unchanged (neither changed nor recorded as a finished call) cannot be checked
        const answer = await ctx.mcpReq.elicitInput({
          message: `How many of ${String(args.sku)} to order?`,
          requestedSchema: { type: 'object', properties: { quantity: { type: 'number' } }, required: ['quantity'] },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing ordered' }] };
        return { content: [{ type: 'text', text: `Ordered ${String(answer.content?.quantity)}` }] };
      };
    } else {
      run = async () => ({ content: [{ type: 'text', text: '0 items' }] });
    }
    const trace = spans.tracerFor(entry.name);
    const traced = async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
      const result = await trace(async () => run(args, ctx), { group: entry.group });
      return result;
    };
    server.registerTool(entry.name, { inputSchema: z.object(entry.shape) }, traced);
  });
}
