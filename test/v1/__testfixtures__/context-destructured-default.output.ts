// A destructured v1 context with a default value cannot be rewritten exactly (on v2 the name is
// not found in the context): the whole file stays on v1 as it was, with an error at the handler.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function register(server: McpServer): void {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: the v1 handler context of tool 'session' is destructured as { _meta = {} } and was left as it was: _meta has a default value; v2 passes a context shaped { mcpReq, http, sessionId }, which has none of these names at its top
  server.registerTool('session', {}, async ({ _meta = {} }) => ({ content: [{ type: 'text', text: JSON.stringify(_meta) }] }));
}
