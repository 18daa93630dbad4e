// A tool list with two schemas from zod-to-json-schema: one a zod object (provably an object
// schema), the other a union of objects (converted to `{ anyOf: […] }`, not an object schema). The
// handler is refused as a whole, the first schema not asserted alone: the file stays v1, reported.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v3';
import toJsonSchema from 'zod-to-json-schema';

const Greet = z.object({ name: z.string() });
const Target = z.union([z.object({ file: z.string() }), z.object({ url: z.string().url() })]);

export function createServer(): Server {
  const server = new Server({ name: 'mixed', version: '1.0.0' }, { capabilities: { tools: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'tools/list', this handler would not compile in v2, which types its result as ListToolsResult; the `toJsonSchema(Greet)` it returns does not match at `tools[].inputSchema` (`JsonSchema7Type & { $schema?: string | undefined; definit...` where v2 wants `{ [x: string]: unknown; type: "object"; properties?: { [x...`) (v1 accepted any object as a result)
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'greet', description: 'Greets someone', inputSchema: toJsonSchema(Greet) },
      { name: 'fetch', description: 'Reads a file or a URL', inputSchema: toJsonSchema(Target) },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'greet') return { content: [{ type: 'text', text: `Hello, ${Greet.parse(request.params.arguments).name}` }] };
    const target = Target.parse(request.params.arguments);
    return { content: [{ type: 'text', text: 'file' in target ? target.file : target.url }] };
  });
  return server;
}
