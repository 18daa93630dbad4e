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
