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
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'resources/read', this handler would not compile in v2, which types its result as ReadResourceResult; the `note` it returns does not match at `contents[]` (`{ uri: string; name: string; description?: string | undef...`, which has no `text` or `blob`, where v2 wants `{ uri: string; text: string; mimeType?: string | undefine...`; the two types do not overlap, so not even an assertion would compile) (v1 accepted any object as a result)
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const note = NOTES.find((n) => n.uri === request.params.uri);
    if (!note) throw new Error(`Unknown resource: ${request.params.uri}`);
    return { contents: [note] };
  });
  return server;
}
