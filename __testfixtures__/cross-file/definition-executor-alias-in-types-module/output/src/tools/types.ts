import { type ServerContext, type InputRequiredResult } from '@modelcontextprotocol/server';

/** A tool's function answers with the text of its result; the server wraps it. */
export type ToolExecutor = (args: Record<string, unknown>, extra: ServerContext) => Promise<string | InputRequiredResult>;

export interface ToolDefinition {
  name: string;
  description: string;
  execute: ToolExecutor;
}
