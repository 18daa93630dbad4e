import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { logging: {} } });

// Empty results stay as they are: `{ resultType: 'complete' }` alone does not compile against the
// SDK's EmptyResult type, and the SDK writes resultType on the wire itself.
server.setRequestHandler('ping', async () => ({}));

server.setRequestHandler('logging/setLevel', async (request) => {
  console.error(`log level: ${request.params.level}`);
  return {};
});
