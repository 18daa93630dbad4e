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
  server.setRequestHandler(ListResourcesRequestSchema, async (): Promise<Listing> => ({ resources: [{ uri: 'file:///readme', name: 'readme' }] }));
  return server;
}
