import { randomUUID } from 'node:crypto';
import { McpServer, WebStandardStreamableHTTPServerTransport, isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';

function createServer(): McpServer {
  const server = new McpServer({ name: 'edge', version: '1.0.0' });
  server.registerTool('now', { description: 'The time' }, async () => ({
    content: [{ type: 'text', text: new Date().toISOString() }],
  }));
  return server;
}

const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();

const mcpHandler = createMcpHandler(() => createServer(), { legacy: 'reject' });

export default {
  async fetch(request: Request): Promise<Response> {
    const parsedBody = await request.clone().json().catch(() => undefined);
    if (!(await isLegacyRequest(request, parsedBody))) return mcpHandler.fetch(request, { parsedBody });
    const sessionId = request.headers.get('mcp-session-id');
    const existing = sessionId ? transports.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request, { parsedBody });
    const body: unknown = await request.clone().json();
    if (!isInitializeRequest(body)) {
      return new Response('Bad Request: No valid session ID provided', { status: 400 });
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    const server = createServer();
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody });
  },
};
