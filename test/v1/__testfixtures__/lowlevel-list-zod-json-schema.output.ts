// A tool list whose input schemas come from zod-to-json-schema. Its return type is any JSON schema,
// so v2's ListToolsResult (an object schema per tool) rejects it; but each schema given is a zod
// object (one refined), which the package always converts to `{ type: "object", … }`. The calls are
// asserted as v2's input-schema type, and the file is upgraded.
import { Server, type Tool } from '@modelcontextprotocol/server';
import { z } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';

const SearchArgs = z.object({
  query: z.string().describe('What to look for'),
  limit: z.number().int().positive().default(5),
});

const RangeArgs = z
  .object({ from: z.number(), to: z.number() })
  .refine((r) => r.from <= r.to, { message: 'from must not exceed to' });

export function createServer(): Server {
  const server = new Server({ name: 'search', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => {
    return {
      tools: [
        {
          name: 'search',
          description: 'Searches the index',
          inputSchema: zodToJsonSchema(SearchArgs) as Tool['inputSchema'],
        },
        {
          name: 'range',
          description: 'Lists the numbers of a range',
          inputSchema: zodToJsonSchema(RangeArgs) as Tool['inputSchema'],
        },
      ],
    };
  });
  server.setRequestHandler('tools/call', async (request) => {
    if (request.params.name === 'range') {
      const { from, to } = RangeArgs.parse(request.params.arguments);
      return { content: [{ type: 'text', text: Array.from({ length: to - from + 1 }, (_, i) => from + i).join(' ') }] };
    }
    const { query, limit } = SearchArgs.parse(request.params.arguments);
    return { content: [{ type: 'text', text: `${limit} results for ${query}` }] };
  });
  return server;
}
