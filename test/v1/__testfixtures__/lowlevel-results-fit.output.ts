// Low-level handlers whose results already fit v2's per-method types: literals written in the
// return (typed by the handler's own type) and a list typed with the SDK's Tool. They are upgraded.
import { Server } from '@modelcontextprotocol/server';
import type { Tool } from '@modelcontextprotocol/server';

const tools: Tool[] = [
  { name: 'add', description: 'Adds two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } } },
];

export function createServer(): Server {
  const server = new Server({ name: 'calc', version: '1.0.0' }, { capabilities: { tools: {}, resources: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools }));
  server.setRequestHandler('tools/call', async (request) => {
    const { a, b } = (request.params.arguments ?? {}) as { a?: number; b?: number };
    if (a === undefined || b === undefined) return { content: [{ type: 'text', text: 'a and b are required' }], isError: true };
    return { content: [{ type: 'text', text: String(a + b) }] };
  });
  server.setRequestHandler('resources/list', async () => ({
    resources: [{ uri: 'calc://help', name: 'help', mimeType: 'text/plain' }],
  }));
  server.setRequestHandler('resources/read', async (request) => ({
    contents: [{ uri: request.params.uri, mimeType: 'text/plain', text: 'add(a, b) returns a + b' }],
  }));
  return server;
}
