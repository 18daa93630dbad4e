// resources/read that returns the entries of its resource list as the contents read: typed as
// `Resource` (a listing entry, which has a name and no `text` or `blob`), they passed in v1 (any
// object was a result, and v1's Resource let any member through) and do not in v2, where contents
// are text or blob contents. The two types do not overlap, so not even an assertion compiles:
// the file stays v1, and the error names the line, the value and what it lacks.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema, ReadResourceRequestSchema, type Resource } from '@modelcontextprotocol/sdk/types.js';

const NOTES: Resource[] = ['Buy milk', 'Call home'].map((text, i) => ({ uri: `note://${i + 1}`, name: `Note ${i + 1}`, mimeType: 'text/plain', text }));

export function createServer(): Server {
  const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { resources: {} } });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: NOTES }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const note = NOTES.find((n) => n.uri === request.params.uri);
    if (!note) throw new Error(`Unknown resource: ${request.params.uri}`);
    return { contents: [note] };
  });
  return server;
}
