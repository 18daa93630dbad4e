// The differently shaped tool literals kept in a const without a type and returned from it: the
// const's inferred type already has `properties.q?: undefined` filled in, so declaring the
// handler's return type does not help (checked, and not done). The const gets v2's type declared
// instead (`ListToolsResult['tools']`), against which each literal is checked as written.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const TOOLS = [
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
];

export function createServer(): Server {
  const server = new Server({ name: 'catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  return server;
}
