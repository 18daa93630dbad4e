// `server.tool` bound once and called by its own name: every call of the bound function reads as
// a v1 overload, so the binding becomes `registerTool` and each call gets v2's config object.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'bound', version: '1.0.0' });
const tool = server.registerTool.bind(server);
const prompt = server.registerPrompt.bind(server);

tool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
tool('echo', { description: 'Echoes the text', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
prompt('greet', { description: 'Greets someone', argsSchema: z.object({ name: z.string() }) }, ({ name }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: `Hello ${name}` } }],
}));
