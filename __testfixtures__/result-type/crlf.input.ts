import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('lines', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  return {
    content: [{ type: 'text', text: String(text.split('\n').length) }],
  };
});
