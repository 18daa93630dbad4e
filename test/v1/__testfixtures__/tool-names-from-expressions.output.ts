// Registrations whose names, descriptions and shapes are held elsewhere (constants, lookup
// tables, definition objects in a loop), which the official codemod declines: they are upgraded
// the same way; a shape held in a variable is passed on as it is (v2 still takes a raw shape).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const NAMES = { search: 'search_items', fetch: 'fetch_item' } as const;
const DESCRIPTIONS: Record<string, string> = { [NAMES.search]: 'Search items', [NAMES.fetch]: 'Fetch one item' };
const schemas = { search: { query: z.string() }, fetch: { id: z.string() } };

const describeTool = (name: string): string => DESCRIPTIONS[name] ?? name;

interface Definition {
  name: string;
  description: string;
  schema: z.ZodObject<{ id: z.ZodString }>;
}
const definitions: Definition[] = [{ name: 'get_a', description: 'Get A', schema: z.object({ id: z.string() }) }];

export function register(server: McpServer): void {
  server.registerTool(NAMES.search, { description: DESCRIPTIONS[NAMES.search], inputSchema: schemas.search }, async ({ query }) => ({
    content: [{ type: 'text', text: query }],
  }));
  server.registerTool(NAMES.fetch, { description: describeTool(NAMES.fetch), inputSchema: schemas.fetch }, async ({ id }) => ({ content: [{ type: 'text', text: id }] }));
  for (const definition of definitions) {
    server.registerTool(
      definition.name,
      {
        description: definition.description,
        inputSchema: definition.schema.strict().shape,
      },
      async ({ id }) => ({ content: [{ type: 'text', text: id }] }),
    );
  }
}
