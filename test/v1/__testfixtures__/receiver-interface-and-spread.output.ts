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
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: .tool() call on registrar left as it was: whether registrar is the SDK's McpServer cannot be told (registrar is a parameter whose type this file does not settle: Registrar is an interface of this file, which an SDK object may fit; the type checker finds the method declared by an interface or type literal, which an SDK object may fit; nor does its name say); if it is, v2 has no .tool() and the server throws when it starts
  registrar.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
}

export function addTool(...args: [string, () => Promise<CallToolResult>]): void {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: .tool(...) call left as it was: its arguments are spread from elsewhere, so which of them is the description, the shape or the callback cannot be read here; v2 has no .tool() and throws when the server starts
  server.tool(...args);
}

registerPing(server);
