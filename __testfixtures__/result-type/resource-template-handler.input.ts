import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerResource(
  'user',
  new ResourceTemplate('users://{id}', { list: undefined }),
  { mimeType: 'application/json' },
  async (uri, { id }) => {
    return { contents: [{ uri: uri.href, text: JSON.stringify({ id }) }] };
  },
);

server.registerResource('config', 'config://app', { mimeType: 'text/plain' }, async (uri) => ({
  contents: [{ uri: uri.href, text: 'debug=false' }],
}));
