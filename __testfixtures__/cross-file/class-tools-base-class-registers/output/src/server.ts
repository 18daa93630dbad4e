import { McpServer } from '@modelcontextprotocol/server';
import { DeployTool } from './tools/deploy-tool.js';
import { StatusTool } from './tools/status-tool.js';
import { mrtrState } from './mrtr-state.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'deployments', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  for (const tool of [new DeployTool(), new StatusTool()]) tool.register(server);
  return server;
}
