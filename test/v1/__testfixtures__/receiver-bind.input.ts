// `server.tool` bound once and called by its own name: every call of the bound function reads as
// a v1 overload, so the binding becomes `registerTool` and each call gets v2's config object.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'bound', version: '1.0.0' });
const tool = server.tool.bind(server);
const prompt = server.prompt.bind(server);

tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
tool('echo', 'Echoes the text', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
prompt('greet', 'Greets someone', { name: z.string() }, ({ name }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }],
}));
