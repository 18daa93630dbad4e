// tool() wrapped in place, under comments that act on the next line: the file stays on v1, and each
// marker goes above those comments so that they still cover the line they were written for.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'wrapped', version: '1.0.0' });
const calls: string[] = [];
// eslint-disable-next-line @typescript-eslint/unbound-method
const origTool = server.tool.bind(server);
// @ts-expect-error the wrapper's signature is looser than tool()'s overloads
server.tool = (...args: unknown[]) => {
  calls.push(String(args[0]));
  return (origTool as (...a: unknown[]) => unknown)(...args);
};
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
