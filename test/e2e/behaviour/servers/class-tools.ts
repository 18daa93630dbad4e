// Class-based tools (issue 12, shape 3): a base class registers each tool and runs every call
// through its template method, which calls the subclass's abstract execute(); the deploy tool asks
// in a private method through the server the base class keeps.
import { McpServer } from '@modelcontextprotocol/server';
import { effects } from './class-tools/effects.js';
import { DeployTool } from './class-tools/deploy.js';
import { StatusTool } from './class-tools/status.js';

export { effects };

export function createServer(): McpServer {
  const server = new McpServer({ name: 'deployments', version: '1.0.0' });
  for (const tool of [new DeployTool(), new StatusTool()]) tool.register(server);
  return server;
}
