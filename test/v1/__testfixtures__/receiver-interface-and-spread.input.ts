// Two uses the upgrade cannot rewrite with certainty, each reported at its line (the file stays on
// v1): a parameter typed with an interface of the file's own (an McpServer fits it as well as a
// logger would, so its calls are not known to be the SDK's, nor known not to be), and a wrapper that
// spreads its arguments into the SDK's `server.tool(...)` (no overload can be read from them).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

interface Registrar {
  tool(name: string, cb: () => Promise<CallToolResult>): unknown;
}

const server = new McpServer({ name: 'wrapped', version: '1.0.0' });

export function registerPing(registrar: Registrar): void {
  registrar.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
}

export function addTool(...args: [string, () => Promise<CallToolResult>]): void {
  server.tool(...args);
}

registerPing(server);
