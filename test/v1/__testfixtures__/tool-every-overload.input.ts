// Every v1 overload of McpServer.tool, written inline: each becomes registerTool with a config
// object in place of the positional arguments, on the same line.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'overloads', version: '1.0.0' });

server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
server.tool('about', 'What this server is', async () => ({ content: [{ type: 'text', text: 'demo' }] }));
server.tool('echo', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
server.tool('shout', 'Echo in capitals', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }));
server.tool('count', { text: z.string() }, { readOnlyHint: true }, async ({ text }) => ({ content: [{ type: 'text', text: String(text.length) }] }));
server.tool('wipe', 'Forget everything', { confirm: z.boolean() }, { destructiveHint: true }, async ({ confirm }) => ({ content: [{ type: 'text', text: String(confirm) }] }));
server.tool('status', 'Server status', { readOnlyHint: true, title: 'Status' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
server.tool('now', { readOnlyHint: true }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
