// Arguments that start on the call's line and a shape that spans lines (prettier's hugging
// style): the config object opens and closes around them on the same lines.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.tool('search', 'Search the catalogue', {
    query: z.string(),
    limit: z.number().int().optional(),
  }, async ({ query, limit }) => {
    return { content: [{ type: 'text', text: `${query} (${limit ?? 10})` }] };
  });
}
