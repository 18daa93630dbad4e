// The experimental tasks runtime has no v2 equivalent: every use of it is reported as an error,
// and the file stays on v1 as it was (upgraded, the server would not start).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';

export function createServer(): McpServer {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: McpServer option 'taskStore' belongs to the experimental tasks runtime, which v2 removed (SEP-2663): v2 ignores it
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: InMemoryTaskStore came from @modelcontextprotocol/sdk/experimental/tasks, which has no v2 equivalent (the experimental tasks feature was removed, SEP-2663); it is still used here
  return new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: new InMemoryTaskStore() });
}
