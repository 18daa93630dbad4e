/**
 * A calculator over stdio.
 * Copyright 2025 Example Corp.
 */
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'calculator', version: '1.0.0' });

server.registerTool('add', { inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
  content: [{ type: 'text', text: String(a + b) }],
}));

// Serve over stdio.
const transport = new StdioServerTransport();
await server.connect(transport);
