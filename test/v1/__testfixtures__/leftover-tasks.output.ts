// The experimental tasks runtime has no v2 equivalent: its import goes with the official
// codemod, and every use left behind is reported as an error (the server would not start).
import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): McpServer {
  // @mcp-mrtr-migrate sdk-upgrade: McpServer option 'taskStore' belongs to the experimental tasks runtime, which v2 removed (SEP-2663): v2 ignores it
  // @mcp-mrtr-migrate sdk-upgrade: InMemoryTaskStore came from @modelcontextprotocol/sdk/experimental/tasks, which has no v2 equivalent (the experimental tasks feature was removed, SEP-2663); it is still used here
  return new McpServer({ name: 'tasks', version: '1.0.0' }, { taskStore: new InMemoryTaskStore() });
}
