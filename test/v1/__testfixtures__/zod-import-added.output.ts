// A raw shape wrapped in a file that never imported zod: the import is added after the others.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('noop', { description: 'Does nothing', inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: 'done' }] }));
}
