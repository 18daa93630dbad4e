// The differently shaped tool literals of lowlevel-list-literals-return-type-declared, with the
// handler's return type already declared by the user (the v1 type): each literal is checked against
// ListToolsResult as written, and the file upgrades to v2 with nothing added.
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
