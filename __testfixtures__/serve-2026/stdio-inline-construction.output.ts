import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'calculator', version: '1.0.0' });

const AddInput = z.object({ a: z.number(), b: z.number() });

// Adds two numbers.
server.registerTool('add', { inputSchema: AddInput }, async ({ a, b }) => ({
  content: [{ type: 'text', text: String(a + b) }],
}));

server.registerTool('greet', { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => ({
  content: [{ type: 'text', text: `Hello, ${name}! It is ${new Date().getFullYear()}.` }],
}));

serveStdio(() => server);
