// A v1 module with no v2 home: the import is reported as an error and the file stays on v1 as it
// was (upgraded, the package would need the v1 SDK beside v2).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: @modelcontextprotocol/sdk/shared/toolNameValidation.js is still imported (validateToolName): the v1→v2 upgrade knows no v2 home for it, and a v2 server cannot keep running on pieces of the v1 SDK
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

export function register(server: McpServer, name: string): void {
  if (!validateToolName(name).isValid) throw new Error(`bad tool name ${name}`);
  server.tool(name, async () => ({ content: [{ type: 'text', text: name }] }));
}
