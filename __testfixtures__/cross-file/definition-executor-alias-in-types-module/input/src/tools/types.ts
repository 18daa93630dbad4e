import type { ServerContext } from '@modelcontextprotocol/server';

/** A tool's function answers with the text of its result; the server wraps it. */
export type ToolExecutor = (args: Record<string, unknown>, extra: ServerContext) => Promise<string>;

export interface ToolDefinition {
  name: string;
  description: string;
  execute: ToolExecutor;
}
