import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { requireBearer } from './auth.js';

const getServer = () => new McpServer({ name: 'maybe-authenticated', version: '1.0.0' });
const transports = {};
const app = express();
app.use(express.json());

const mcpHandler = toNodeHandler(createMcpHandler(() => getServer(), { legacy: 'reject' }));

// One handler for POST, behind the bearer check when it is configured.
const mcpPostHandler = async (req, res) => {
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) return mcpHandler(req, res, req.body);
  const sessionId = req.headers['mcp-session-id'];
  if (sessionId && transports[sessionId]) {
    await transports[sessionId].handleRequest(req, res, req.body);
    return;
  }
  if (!isInitializeRequest(req.body)) {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session ID' }, id: null });
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
};

if (process.env.AUTH_ISSUER) {
  app.post('/mcp', requireBearer(process.env.AUTH_ISSUER), mcpPostHandler);
} else {
  app.post('/mcp', mcpPostHandler);
}

app.listen(3000);
