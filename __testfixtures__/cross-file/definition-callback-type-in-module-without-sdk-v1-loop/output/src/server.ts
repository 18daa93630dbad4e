import { McpServer, isInputRequiredResult } from '@modelcontextprotocol/server';
import { cancelOrderTool } from './tools/orders.js';
import type { ToolModule } from './tools/types.js';
import { mrtrState } from './mrtr-state.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  const tools: ToolModule[] = [cancelOrderTool(server)];
  for (const t of tools) {
    server.registerTool(t.name, { description: t.description, inputSchema: t.shape }, async (args: Record<string, unknown>, ctx: any) => {
      const text = await t.callback(args, ctx);
      if (isInputRequiredResult(text)) return text;
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
