// The package entry builds the server; each tool module answers with text.
import { McpServer, isInputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { deleteFileTool, statFileTool } from './tools/files.js';
import type { ToolDefinition } from './tools/types.js';
import { mrtrState } from './mrtr-state.js';

const TOOLS: ToolDefinition[] = [deleteFileTool, statFileTool];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: z.object({ path: z.string() }) }, async (args, extra) => {
      const text = await tool.execute(args, extra);
      if (isInputRequiredResult(text)) return text;
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}
