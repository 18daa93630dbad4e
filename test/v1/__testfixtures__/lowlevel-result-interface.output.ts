// A resources/list handler declared to return the server's own interface. Its members fit, but an
// interface has no implicit index signature, and v2's result types keep a loose one: the upgraded
// call would not compile. The file stays v1, reported; a `type` alias of the same shape would do.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema } from '@modelcontextprotocol/sdk/types.js';

interface Listing {
  resources: { uri: string; name: string }[];
}

export function createServer(): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { resources: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'resources/list', this handler would not compile in v2, which types its result as ListResourcesResult; what it returns does not match (it returns `Listing`, an interface, which has no index signature; v2 result types have one (declare it with `type` instead)) (v1 accepted any object as a result)
  server.setRequestHandler(ListResourcesRequestSchema, async (): Promise<Listing> => ({ resources: [{ uri: 'file:///readme', name: 'readme' }] }));
  return server;
}
