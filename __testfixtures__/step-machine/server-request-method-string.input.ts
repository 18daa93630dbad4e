import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'linter', version: '1.0.0' });

server.registerTool(
  'lint-workspace',
  { description: 'Lint every shared folder', inputSchema: z.object({ fix: z.boolean() }) },
  async ({ fix }) => {
    const listing = await server.server.request({ method: 'roots/list' });
    const folders = listing.roots.map((root) => root.uri);
    return { content: [{ type: 'text', text: `${fix ? 'Fixing' : 'Linting'} ${folders.length} folders` }] };
  },
);
