// The same differently shaped tool literals, with the handler's return type declared as the error
// on lowlevel-list-literals-lacking-members suggests: each literal is checked against ListToolsResult
// on its own, nothing is filled in, and the file upgrades to v2.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';

export function createServer(): Server {
  const server = new Server({ name: 'catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (): Promise<ListToolsResult> => {
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
