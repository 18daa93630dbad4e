// A tool list typed by the server's own interface, whose schema properties may hold anything. v1
// typed every request handler's result as any object; v2 types tools/list, and a tool's schema
// properties as JSON values, so the upgraded file would not compile. It stays v1, reported.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

interface CommandSpec {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown> };
}

const commands: CommandSpec[] = [
  { name: 'shout', description: 'Repeats a word in capitals', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } },
];

export function createServer(): Server {
  const server = new Server({ name: 'commands', version: '1.0.0' }, { capabilities: { tools: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'tools/list', this handler would not compile in v2, which types its result as ListToolsResult; the `commands` it returns does not match at `tools[].inputSchema.properties[string]` (`unknown` where v2 wants `string | number | boolean | { [x: string]: string | numbe...`) (v1 accepted any object as a result)
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: commands }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const word = String(request.params.arguments?.word ?? '');
    return { content: [{ type: 'text', text: word.toUpperCase() }] };
  });
  return server;
}
