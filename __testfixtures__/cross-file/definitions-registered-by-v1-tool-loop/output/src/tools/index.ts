// The v1 way of registering a list of definitions: server.tool(name, description, shape, callback).
// This run upgrades it to registerTool, so the definitions it reaches migrate with it.
import { McpServer, isInputRequiredResult } from '@modelcontextprotocol/server';
import { restockTool, stockTool } from './stock.js';
import { mrtrState } from '../mrtr-state.js';

interface ToolDefinition {
  name: string;
  description: string;
  shape: Record<string, any>;
  handler: (args: any, extra: any) => Promise<any>;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'inventory', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  const tools: ToolDefinition[] = [stockTool, restockTool(server)];
  for (const t of tools) {
    server.registerTool(t.name, { description: t.description, inputSchema: t.shape }, async (args: Record<string, unknown>, ctx: any) => {
      const text = await t.handler(args, ctx);
      if (isInputRequiredResult(text)) return text;
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
