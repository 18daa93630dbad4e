// The experimental tasks runtime has no v2 equivalent: its import goes with the official
// codemod, and every use left behind is reported as an error (the server would not start).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';

export function createServer(): McpServer {
  return new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: new InMemoryTaskStore() });
}
