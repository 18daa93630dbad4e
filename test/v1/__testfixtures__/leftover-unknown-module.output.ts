// A v1 module with no v2 home: the import stays and is reported as an error (the migrated package
// would otherwise need the v1 SDK beside v2); the rest of the file is upgraded.
import { McpServer } from '@modelcontextprotocol/server';
// @mcp-mrtr-migrate sdk-upgrade: @modelcontextprotocol/sdk/shared/toolNameValidation.js is still imported (validateToolName): the v1→v2 upgrade knows no v2 home for it, and a v2 server cannot keep running on pieces of the v1 SDK
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

export function register(server: McpServer, name: string): void {
  if (!validateToolName(name).isValid) throw new Error(`bad tool name ${name}`);
  server.registerTool(name, {}, async () => ({ content: [{ type: 'text', text: name }] }));
}
