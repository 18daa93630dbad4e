// A tool is a definition object; its handler's context is typed here, in another module than the
// tools that use it.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';

export type ToolDefinition = Tool & {
  handler: (args: Record<string, unknown>, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<CallToolResult>;
};
