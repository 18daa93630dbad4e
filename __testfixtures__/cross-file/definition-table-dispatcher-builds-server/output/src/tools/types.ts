import { type CallToolResult, type ServerContext, type Tool, type InputRequiredResult } from '@modelcontextprotocol/server';

export type ToolWithHandler = Tool & {
  handler: (args: Record<string, unknown> | undefined, extra: ServerContext) => Promise<CallToolResult | InputRequiredResult> | CallToolResult;
};
