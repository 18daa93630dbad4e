// A web-standard `fetch` export (Workers, Bun, Deno): sessions in a Map.
import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { createServer } from './tools.js';

const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

export default {
  async fetch(request: Request): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    const known = sessionId ? sessions.get(sessionId) : undefined;
    if (known) return known.handleRequest(request);
    if (sessionId) return new Response('Session not found', { status: 404 });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createServer();
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
