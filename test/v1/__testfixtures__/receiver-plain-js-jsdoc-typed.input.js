// Plain JavaScript whose JSDoc says what the parameter is (`@param {McpServer} server`, or an
// `import('…').McpServer` type): that proves it, as a TypeScript annotation would, whatever the
// parameter is called.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** @param {McpServer} target */
export function registerPing(target) {
  target.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
}

/** @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} target */
export function registerNow(target) {
  target.tool('now', 'The time on the server', async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
}
