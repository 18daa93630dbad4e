// A raw shape wrapped in a file that never imported zod: the import is added after the others.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function register(server: McpServer): void {
  server.tool('noop', 'Does nothing', {}, async () => ({ content: [{ type: 'text', text: 'done' }] }));
}
