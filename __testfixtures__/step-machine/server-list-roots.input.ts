import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'search', version: '1.0.0' });

server.registerTool(
  'find-file',
  { description: 'Find a file in the shared folders', inputSchema: z.object({ pattern: z.string() }) },
  async ({ pattern }) => {
    const { roots } = await server.server.listRoots();
    const where = roots.filter((root) => root.uri.startsWith('file://')).map((root) => root.uri);
    return { content: [{ type: 'text', text: `Searching ${pattern} in ${where.join(', ') || 'nothing'}` }] };
  },
);
