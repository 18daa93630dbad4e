import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './server.js';

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const { server, cleanup } = createServer();
  // @mcp-mrtr-migrate serve-http-manual: Streamable HTTP serving left as it was: the route takes server out of what its builder returns together with other values; the 2026-07-28 entry needs a function that returns the server alone; a transport connected by hand keeps speaking the 2025 revision
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    cleanup();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
