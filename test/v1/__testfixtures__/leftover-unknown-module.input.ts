// A v1 module with no v2 home: the import stays and is reported as an error (the migrated package
// would otherwise need the v1 SDK beside v2); the rest of the file is upgraded.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

export function register(server: McpServer, name: string): void {
  if (!validateToolName(name).isValid) throw new Error(`bad tool name ${name}`);
  server.tool(name, async () => ({ content: [{ type: 'text', text: name }] }));
}
