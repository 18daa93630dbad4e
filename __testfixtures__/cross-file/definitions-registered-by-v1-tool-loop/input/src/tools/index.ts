// The v1 way of registering a list of definitions: server.tool(name, description, shape, callback).
// This run upgrades it to registerTool, so the definitions it reaches migrate with it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { restockTool, stockTool } from './stock.js';

interface ToolDefinition {
  name: string;
  description: string;
  shape: Record<string, any>;
  handler: (args: any, extra: any) => Promise<any>;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'inventory', version: '1.0.0' });
  const tools: ToolDefinition[] = [stockTool, restockTool(server)];
  for (const t of tools) {
    server.tool(t.name, t.description, t.shape, async (args: Record<string, unknown>, extra: any) => {
      const text = await t.handler(args, extra);
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
