import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer() {
  const server = new McpServer({ name: 'stateless', version: '1.0.0' });
  server.registerTool('hello', { description: 'Hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
  return server;
}

const app = express();
app.use(express.json());

const mcpHandler = toNodeHandler(createMcpHandler(createServer));

app.post('/mcp', async (req, res) => {
  return mcpHandler(req, res, req.body);
});

app.get('/mcp', (req, res) => {
  res.writeHead(405).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
});

app.listen(3000);
