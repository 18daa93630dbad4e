// tool() wrapped in place, under comments that act on the next line: the file stays on v1, and each
// marker goes above those comments so that they still cover the line they were written for.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'wrapped', version: '1.0.0' });
const calls: string[] = [];
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: origTool = server.tool.bind(server) left as it was: it is handed on as a value, so its callers cannot be rewritten here; v2's McpServer has no tool(), so this fails when the server starts
// eslint-disable-next-line @typescript-eslint/unbound-method
const origTool = server.tool.bind(server);
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: server.tool assigned, left as it was: v2's McpServer has no tool(), so this fails when the server starts
// @ts-expect-error the wrapper's signature is looser than tool()'s overloads
server.tool = (...args: unknown[]) => {
  calls.push(String(args[0]));
  return (origTool as (...a: unknown[]) => unknown)(...args);
};
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
