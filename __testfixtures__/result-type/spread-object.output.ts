import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

const base = { isError: false };

server.registerTool('shout', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  return { ...base, content: [{ type: 'text', text: text.toUpperCase() }], resultType: 'complete' };
});
