// The experimental tasks runtime has no v2 equivalent: every use of it is reported as an error,
// and the file stays on v1 as it was (upgraded, the server would not start).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';

export function createServer(): McpServer {
  return new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: new InMemoryTaskStore() });
}
