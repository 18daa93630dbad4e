import { Hono } from 'hono';
import { McpServer, WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';

const app = new Hono();

const mcpHandler = createMcpHandler(() => createServer(), { legacy: 'reject' });

app.post('/mcp', async (c) => {
  const parsedBody = await c.req.raw.clone().json().catch(() => undefined);
  if (!(await isLegacyRequest(c.req.raw, parsedBody))) return mcpHandler.fetch(c.req.raw, { parsedBody });
  const server = createServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  return transport.handleRequest(c.req.raw, { parsedBody });
});

function createServer() {
  return new McpServer({ name: 'hono', version: '1.0.0' });
}

export default app;
