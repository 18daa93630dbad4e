import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerPrompt('review', { argsSchema: z.object({ file: z.string() }) }, async ({ file }) => {
  return {
    messages: [{ role: 'user', content: { type: 'text', text: `Review ${file}` } }],
  };
});
