import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import * as stock from './ops/stock.js';
import { SpanRecorder } from './tracing.js';

interface ToolEntry {
  name: string;
  group: string;
  shape: z.ZodRawShape;
  retired: boolean;
}

const entries: ToolEntry[] = [
  { name: 'restock_item', group: 'stock', shape: { sku: z.string(), quantity: z.number().optional() }, retired: false },
  { name: 'count_items', group: 'stock', shape: {}, retired: false },
  { name: 'reorder_all', group: 'stock', shape: {}, retired: true },
];

export class InventoryServer extends McpServer {
  private spans = new SpanRecorder();

  constructor() {
    super({ name: 'inventory', version: '1.0.0' });
    this.registerAll();
  }

  // Each tool's function is chosen into `run`, then run inside a closure handed to the tool's tracer.
  private registerAll(): void {
    entries.forEach((entry) => {
      let run: (args: Record<string, unknown>, ctx: ServerContext) => Promise<CallToolResult>;
      if (entry.retired) {
        run = async () => ({ content: [{ type: 'text', text: `${entry.name} is retired` }], isError: true });
      } else {
        run = async (args, ctx) => {
          let result: unknown;
          switch (entry.name) {
            case 'restock_item':
              result = await stock.restockItem(String(args.sku), typeof args.quantity === 'number' ? args.quantity : undefined, ctx);
              break;
            default:
              result = await stock.countItems();
          }
          return { content: [{ type: 'text', text: JSON.stringify(result) }] };
        };
      }
      const trace = this.spans.tracerFor(entry.name);
      const traced = async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
        const result = await trace(async () => run(args, ctx), { group: entry.group });
        return result;
      };
      this.registerTool(entry.name, { inputSchema: z.object(entry.shape) }, traced);
    });
  }
}
