// A sessionful express route that does more than MCP plumbing (it logs, and keeps an event store
// for resumability): the route stays as it is for 2025 clients, and 2026-07-28 requests are
// answered in front of its session handling by a per-request handler built from the same factory.
import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createEventStore } from './event-store.js';

function createMcpServer() {
  return new McpServer({ name: 'sessions', version: '1.0.0' });
}

const transports = {};
const app = express();
app.use(express.json());

const mcpHandler = toNodeHandler(createMcpHandler(() => createMcpServer(), { legacy: 'reject' }));

app.post('/mcp', async (req, res) => {
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) return mcpHandler(req, res, req.body);
  const sessionId = req.headers['mcp-session-id'];
  try {
    let transport;
    if (sessionId && transports[sessionId]) {
      transport = transports[sessionId];
    } else if (!sessionId && isInitializeRequest(req.body)) {
      const mcpServer = createMcpServer();
      transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        eventStore: createEventStore(),
        onsessioninitialized: (id) => {
          transports[id] = transport;
          console.log(`session ${id} initialized`);
        },
      });
      await mcpServer.connect(transport);
    } else {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('MCP request failed', error);
    if (!res.headersSent) res.status(500).end();
  }
});

app.listen(3000);
