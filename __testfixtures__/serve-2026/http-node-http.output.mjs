import { createServer } from 'node:http';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function buildServer() {
  return new McpServer({ name: 'plain-node', version: '1.0.0' });
}

const mcpHandler = toNodeHandler(createMcpHandler(() => buildServer()));

createServer(async (req, res) => {
  return mcpHandler(req, res);
}).listen(3000);
