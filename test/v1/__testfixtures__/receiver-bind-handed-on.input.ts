// `server.tool.bind(server)` handed to a helper of another module: the calls that receive it cannot
// be given v2's arguments here, and v2's McpServer has no tool(): reported, and the file stays on v1.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

type Register = (name: string, cb: () => Promise<{ content: { type: 'text'; text: string }[] }>) => unknown;

declare function installTools(register: Register): void;

const server = new McpServer({ name: 'handed-on', version: '1.0.0' });
installTools(server.tool.bind(server));
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
