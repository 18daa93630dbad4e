import { McpServer, isInputRequiredResult } from '@modelcontextprotocol/server';
import type { JobsApi } from '../api.js';
import { createCancelJobTool, createListJobsTool } from './jobs.js';

interface Tool {
  name: string;
  description: string;
  schema: Record<string, any>;
  handler: (args: any, extra: any) => Promise<any>;
}

export function registerTools(server: McpServer, api: JobsApi): void {
  const tools: Tool[] = [createListJobsTool(api), createCancelJobTool(api, server)];

  for (const tool of tools) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.schema }, async (args: Record<string, any>, extra: any) => {
      try {
        const result = await tool.handler(args, extra);
        if (isInputRequiredResult(result)) return result;
        if (result && typeof result === 'object' && 'content' in result) return result;
        return { content: [{ type: 'text', text: JSON.stringify(result) }] };
      } catch (error) {
        return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
      }
    });
  }
}
