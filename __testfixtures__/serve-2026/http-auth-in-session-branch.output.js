import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { verifyToken } from './auth.js';

const getServer = () => new McpServer({ name: 'checked-once', version: '1.0.0' });
const transports = {};
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  if (sessionId && transports[sessionId]) {
    await transports[sessionId].handleRequest(req, res, req.body);
    return;
  }
  if (!isInitializeRequest(req.body) || !(await verifyToken(req))) {
    res.status(401).end();
    return;
  }
  // @mcp-mrtr-migrate serve-http-manual: Streamable HTTP serving left as it was: after its session handling starts, the route passes req to verifyToken(...), which 2026-07-28 requests would skip; a transport connected by hand keeps speaking the 2025 revision
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports[id] = transport;
    },
  });
  await getServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
