// tools/list returning differently shaped tool literals: inferred, TypeScript unites them into one
// element type, widens `type: 'object'` to string and gives each literal the members it lacks as
// optional `undefined` (`properties.q?: undefined`); v2's ListToolsResult takes neither (v1
// accepted any object). Declared as the handler's return type, each literal is checked as written
// and fits: the upgrade declares it (a type-only edit) and the file moves to v2.
import { Server, type ListToolsResult } from '@modelcontextprotocol/server';

export function createServer(): Server {
  const server = new Server({ name: 'catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async (): Promise<ListToolsResult> => {
    return {
      tools: [
        {
          name: 'get_item',
          description: 'One item by id',
          inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Item id' } }, required: ['id'] },
        },
        {
          name: 'search_items',
          description: 'Items matching a query',
          inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'Query' } }, required: [] },
        },
      ],
    };
  });
  return server;
}
