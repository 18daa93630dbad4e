import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('list', { inputSchema: z.object({ items: z.array(z.string()) }) }, async ({ items }) => {
  const content = items.map((item) => {
    return { type: 'text' as const, text: item };
  });
  return { resultType: 'complete', content };
});
