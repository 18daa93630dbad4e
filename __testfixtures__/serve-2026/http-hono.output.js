import { Hono } from 'hono';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

const app = new Hono();

const mcpHandler = createMcpHandler(() => createServer());

app.post('/mcp', async (c) => {
  return mcpHandler.fetch(c.req.raw);
});

function createServer() {
  return new McpServer({ name: 'hono', version: '1.0.0' });
}

export default app;
