import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
}));

server.setRequestHandler('tools/call', async (request) => {
  if (request.params.name !== 'echo') {
    return { content: [{ type: 'text', text: `Unknown tool ${request.params.name}` }], isError: true };
  }
  return { content: [{ type: 'text', text: String(request.params.arguments?.text ?? '') }] };
});
