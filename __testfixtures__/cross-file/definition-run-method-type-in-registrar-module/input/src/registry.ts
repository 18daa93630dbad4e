import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { wipeTool } from './tools/wipe.js';

export interface ToolDefinition {
  name: string;
  run(args: { disk: string }, extra: ServerContext): Promise<string>;
}

const tools: ToolDefinition[] = [wipeTool];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'disks', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(tool.name, { inputSchema: z.object({ disk: z.string() }) }, async (args, extra) => {
      const text = await tool.run(args, extra);
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
