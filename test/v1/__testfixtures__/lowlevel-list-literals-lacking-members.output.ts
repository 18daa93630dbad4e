// tools/list returning differently shaped tool literals: TypeScript unites them into one element
// type and gives each the members it lacks as optional `undefined` (`properties.q?: undefined`),
// which v2's JSON-valued `properties` rejects. v1 accepted any object, so the file stays v1; the
// error names the filled-in member and says why it is `undefined`, not the whole `properties`.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function createServer(): Server {
  const server = new Server({ name: 'catalogue', version: '1.0.0' }, { capabilities: { tools: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'tools/list', this handler would not compile in v2, which types its result as ListToolsResult; what it returns does not match at `tools[].inputSchema.properties.q` (`undefined` where v2 wants `string | number | boolean | { [x: string]: string | numbe...`; the literal lacks that member, and TypeScript gives it as an optional `undefined` to each object literal of an array that lacks a member the others have, unless the array is checked against a declared type) (v1 accepted any object as a result)
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
