// Arguments that start on the call's line and a shape that spans lines (prettier's hugging
// style): the config object opens and closes around them on the same lines.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('search', { description: 'Search the catalogue', inputSchema: z.object({
    query: z.string(),
    limit: z.number().int().optional(),
  }) }, async ({ query, limit }) => {
    return { content: [{ type: 'text', text: `${query} (${limit ?? 10})` }] };
  });
}
