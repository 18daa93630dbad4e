import type { CallToolResult, ServerContext, Tool } from '@modelcontextprotocol/server';

export type ToolWithHandler = Tool & {
  handler: (args: Record<string, unknown> | undefined, extra: ServerContext) => Promise<CallToolResult> | CallToolResult;
};
