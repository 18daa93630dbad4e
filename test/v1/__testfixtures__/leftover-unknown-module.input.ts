// A v1 module with no v2 home: the import is reported as an error and the file stays on v1 as it
// was (upgraded, the package would need the v1 SDK beside v2).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

export function register(server: McpServer, name: string): void {
  if (!validateToolName(name).isValid) throw new Error(`bad tool name ${name}`);
  server.tool(name, async () => ({ content: [{ type: 'text', text: name }] }));
}
