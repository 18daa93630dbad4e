// tools/list returning differently shaped tool literals: TypeScript unites them into one element
// type and gives each the members it lacks as optional `undefined` (`properties.q?: undefined`),
// which v2's JSON-valued `properties` rejects. v1 accepted any object, so the file stays v1; the
// error names the filled-in member and says why it is `undefined`, not the whole `properties`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function createServer(): Server {
  const server = new Server({ name: 'catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    return {
      tools: [
        {
          name: 'get_item',
          description: 'One item by id',
          inputSchema: { type: 'object' as const, properties: { id: { type: 'string', description: 'Item id' } }, required: ['id'] },
        },
        {
          name: 'search_items',
          description: 'Items matching a query',
          inputSchema: { type: 'object' as const, properties: { q: { type: 'string', description: 'Query' } }, required: [] },
        },
      ],
    };
  });
  return server;
}
