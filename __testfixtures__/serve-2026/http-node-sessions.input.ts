import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const sessions: Record<string, NodeStreamableHTTPServerTransport> = {};

function buildServer(): McpServer {
  return new McpServer({ name: 'node-sessions', version: '1.0.0' });
}

// No body parser: the transport reads the request stream itself.
createHttpServer(async (req, res) => {
  if (req.url !== '/mcp') {
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
  await buildServer().connect(transport);
  await transport.handleRequest(req, res);
}).listen(3000);
