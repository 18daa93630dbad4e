// fastify, sessions in a Map, the raw Node request and response handed to the transport.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './tools.js';

export const fastify = Fastify();
const sessions = new Map<string, NodeStreamableHTTPServerTransport>();

fastify.post('/mcp', async (request, reply) => {
  reply.hijack();
  const sessionId = request.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? sessions.get(sessionId) : undefined;
  if (!transport) {
    if (!isInitializeRequest(request.body)) {
      reply.raw.writeHead(400).end('No valid session');
      return;
    }
    const created = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, created);
      },
    });
    created.onclose = () => {
      if (created.sessionId) sessions.delete(created.sessionId);
    };
    await createServer().connect(created);
    transport = created;
  }
  await transport.handleRequest(request.raw, reply.raw, request.body);
});

for (const method of ['GET', 'DELETE'] as const) {
  fastify.route({
    method,
    url: '/mcp',
    handler: async (request, reply) => {
      reply.hijack();
      const transport = sessions.get(request.headers['mcp-session-id'] as string);
      if (!transport) {
        reply.raw.writeHead(400).end('No valid session');
        return;
      }
      await transport.handleRequest(request.raw, reply.raw);
    },
  });
}
