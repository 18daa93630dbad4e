import { Hono } from 'hono';
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

const app = new Hono();

app.post('/mcp', async (c) => {
  const server = createServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  return transport.handleRequest(c.req.raw);
});

function createServer() {
  return new McpServer({ name: 'hono', version: '1.0.0' });
}

export default app;
