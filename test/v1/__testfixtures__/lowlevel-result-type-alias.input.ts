// A resources/list handler declared to return the server's own type alias: it fits v2's
// ListResourcesResult (an object type alias has an implicit index signature), so the file is upgraded.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema } from '@modelcontextprotocol/sdk/types.js';

type Listing = {
  resources: { uri: string; name: string }[];
};

export function createServer(): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { resources: {} } });
  server.setRequestHandler(ListResourcesRequestSchema, async (): Promise<Listing> => ({ resources: [{ uri: 'file:///readme', name: 'readme' }] }));
  return server;
}
