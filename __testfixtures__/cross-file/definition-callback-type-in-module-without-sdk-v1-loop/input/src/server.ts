import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { cancelOrderTool } from './tools/orders.js';
import type { ToolModule } from './tools/types.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });
  const tools: ToolModule[] = [cancelOrderTool(server)];
  for (const t of tools) {
    server.tool(t.name, t.description, t.shape, async (args: Record<string, unknown>, extra: any) => {
      const text = await t.callback(args, extra);
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
