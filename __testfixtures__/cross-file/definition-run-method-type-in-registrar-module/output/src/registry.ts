import { McpServer, type ServerContext, isInputRequiredResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { wipeTool } from './tools/wipe.js';
import { mrtrState } from './mrtr-state.js';

export interface ToolDefinition {
  name: string;
  run(args: { disk: string }, extra: ServerContext): Promise<string | InputRequiredResult>;
}

const tools: ToolDefinition[] = [wipeTool];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'disks', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  for (const tool of tools) {
    server.registerTool(tool.name, { inputSchema: z.object({ disk: z.string() }) }, async (args, extra) => {
      const text = await tool.run(args, extra);
      if (isInputRequiredResult(text)) return text;
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
