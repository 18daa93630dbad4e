// A destructured v1 context with a default value cannot be rewritten exactly (on v2 the name is
// not found in the context): the whole file stays on v1 as it was, with an error at the handler.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function register(server: McpServer): void {
  server.registerTool('session', {}, async ({ _meta = {} }) => ({ content: [{ type: 'text', text: JSON.stringify(_meta) }] }));
}
