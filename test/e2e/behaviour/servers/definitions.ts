// Tool definitions in another module, objects and a factory's result, registered by one loop that
// turns their data into text and counts the calls that finished (issue 12, shape 1). The loop is
// the dispatcher: it must hand an input request back unchanged and not count it as finished.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { effects } from './definitions/effects.js';
import { createCancelOrderTool, ORDER_TOOLS } from './definitions/orders.js';

export { effects };

interface ToolDefinition {
  name: string;
  schema: z.ZodRawShape;
  handler: (args: any, extra: any) => Promise<unknown>;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  const tools: ToolDefinition[] = [...ORDER_TOOLS, createCancelOrderTool(server)];
  for (const tool of tools) {
    server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args: Record<string, unknown>, extra: any) => {
      const result = await tool.handler(args, extra);
      effects.push(`finished:${tool.name}`);
      return { content: [{ type: 'text', text: JSON.stringify(result) }] };
    });
  }
  return server;
}
