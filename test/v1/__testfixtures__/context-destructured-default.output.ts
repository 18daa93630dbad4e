// A destructured v1 context with a default value cannot be rewritten exactly: left as it was and
// reported: on v2 the name is not found in the context.
import { McpServer } from '@modelcontextprotocol/server';

export function register(server: McpServer): void {
  // @mcp-mrtr-migrate sdk-upgrade: the v1 handler context of tool 'session' is destructured as { _meta = {} } and was left as it was: _meta has a default value; v2 passes a context shaped { mcpReq, http, sessionId }, which has none of these names at its top
  server.registerTool('session', {}, async ({ _meta = {} }) => ({ content: [{ type: 'text', text: JSON.stringify(_meta) }] }));
}
