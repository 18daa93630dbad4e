import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

const getServer = () => {
  const server = new McpServer({ name: 'express-sessions', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echo' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));
  return server;
};

const app = express();
app.use(express.json());

const mcpHandler = toNodeHandler(createMcpHandler(() => getServer()));

app.all('/mcp', async (req, res) => {
  return mcpHandler(req, res, req.body);
});

app.listen(3000);
