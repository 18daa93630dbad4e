import { McpServer } from '@modelcontextprotocol/server';
import { jobsApi } from './api.js';
import { registerTools } from './tools/index.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'scheduler', version: '1.0.0' });
  registerTools(server, jobsApi);
  return server;
}
