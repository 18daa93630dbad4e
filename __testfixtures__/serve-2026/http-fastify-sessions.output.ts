import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { McpServer, isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';

function createServer(): McpServer {
  const server = new McpServer({ name: 'fastify-sessions', version: '1.0.0' });
  server.registerTool('ping', { description: 'Pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const transports = new Map<string, NodeStreamableHTTPServerTransport>();
const fastify = Fastify();

const mcpHandler = toNodeHandler(createMcpHandler(() => createServer(), { legacy: 'reject' }));

fastify.post('/mcp', async (request, reply) => {
  reply.hijack();
  if (!(await isLegacyRequest(await toWebRequest(request.raw, request.body), request.body))) return mcpHandler(request.raw, reply.raw, request.body);
  const sessionId = request.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    if (!isInitializeRequest(request.body)) {
      reply.raw.writeHead(400).end('No valid session');
      return;
    }
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, created);
      },
    });
    created.onclose = () => {
      if (created.sessionId) transports.delete(created.sessionId);
    };
    await createServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(request.raw, reply.raw, request.body);
});

fastify.get('/mcp', async (request, reply) => {
  reply.hijack();
  const transport = transports.get(request.headers['mcp-session-id'] as string);
  if (!transport) {
    reply.raw.writeHead(400).end('No valid session');
    return;
  }
  await transport.handleRequest(request.raw, reply.raw);
});

await fastify.listen({ port: 3000 });
