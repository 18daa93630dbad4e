import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('check', { inputSchema: z.object({ path: z.string() }) }, async ({ path }) => {
  const found = path.startsWith('/');
  return found
    ? { content: [{ type: 'text', text: `found ${path}` }] }
    : { content: [{ type: 'text', text: `missing ${path}` }], isError: true };
});
