// The package entry builds the server; each tool module answers with text.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { deleteFileTool, statFileTool } from './tools/files.js';
import type { ToolDefinition } from './tools/types.js';

const TOOLS: ToolDefinition[] = [deleteFileTool, statFileTool];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: z.object({ path: z.string() }) }, async (args, extra) => {
      const text = await tool.execute(args, extra);
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
