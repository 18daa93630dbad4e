import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const server = new McpServer({ name: 'stateless', version: '1.0.0' });
server.registerTool('hello', { description: 'Hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));

const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  try {
    // @mcp-mrtr-migrate serve-http-manual: Streamable HTTP serving left as it was: one server instance, server, serves every connection the route makes; the 2026-07-28 entry needs a function that builds a fresh server per request; it connects server, one server shared by every request, to a new transport per request: v2 refuses that connect while another request's transport is still open, so overlapping requests fail (a server is connected to one transport at a time)
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});

app.get('/mcp', (req, res) => {
  res.writeHead(405).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
});

app.listen(3000);
