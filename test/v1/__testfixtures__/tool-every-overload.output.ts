// Every v1 overload of McpServer.tool, written inline: each becomes registerTool with a config
// object in place of the positional arguments, on the same line.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'overloads', version: '1.0.0' });

server.registerTool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
server.registerTool('about', { description: 'What this server is' }, async () => ({ content: [{ type: 'text', text: 'demo' }] }));
server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
server.registerTool('shout', { description: 'Echo in capitals', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }));
server.registerTool('count', { inputSchema: z.object({ text: z.string() }), annotations: { readOnlyHint: true } }, async ({ text }) => ({ content: [{ type: 'text', text: String(text.length) }] }));
server.registerTool('wipe', { description: 'Forget everything', inputSchema: z.object({ confirm: z.boolean() }), annotations: { destructiveHint: true } }, async ({ confirm }) => ({ content: [{ type: 'text', text: String(confirm) }] }));
server.registerTool('status', { description: 'Server status', annotations: { readOnlyHint: true, title: 'Status' } }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
server.registerTool('now', { annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
