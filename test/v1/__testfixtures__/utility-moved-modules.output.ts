// v1 modules the official codemod's map does not know but whose exports v2 still has: the import
// points at the v2 package.
import { getDisplayName, McpServer } from '@modelcontextprotocol/server';

export function title(server: McpServer, tool: { name: string; title?: string }): string {
  return `${getDisplayName(tool)} on ${server.isConnected() ? 'a live server' : 'an idle server'}`;
}
