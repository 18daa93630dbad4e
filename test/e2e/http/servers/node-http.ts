// node:http, no body parser: the transport reads the request stream itself.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './tools.js';

const sessions: Record<string, NodeStreamableHTTPServerTransport> = {};

export const httpServer = createHttpServer(async (req, res) => {
  if (!req.url?.startsWith('/mcp')) {
    res.writeHead(404).end();
    return;
  }
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId === 'string' && sessions[sessionId]) {
    await sessions[sessionId].handleRequest(req, res);
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessions[id] = transport;
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) delete sessions[transport.sessionId];
  };
  const server = createServer();
  await server.connect(transport);
  await transport.handleRequest(req, res);
});
