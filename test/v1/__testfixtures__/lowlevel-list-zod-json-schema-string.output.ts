// A tool list whose input schema comes from zod-to-json-schema, given a zod string schema: the
// value is `{ type: "string" }`, which v2's ListToolsResult rightly rejects (a tool's input schema is
// an object schema). Nothing is asserted: the file stays v1, reported.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v3';
import { zodToJsonSchema } from 'zod-to-json-schema';

const Word = z.string().min(1);

export function createServer(): Server {
  const server = new Server({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'tools/list', this handler would not compile in v2, which types its result as ListToolsResult; the `zodToJsonSchema(Word)` it returns does not match at `tools[].inputSchema` (`JsonSchema7Type & { $schema?: string | undefined; definit...` where v2 wants `{ [x: string]: unknown; type: "object"; properties?: { [x...`) (v1 accepted any object as a result)
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'echo', description: 'Echoes a word', inputSchema: zodToJsonSchema(Word) }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const word = Word.parse(request.params.arguments?.word);
    return { content: [{ type: 'text', text: word }] };
  });
  return server;
}
