// A subclass of McpServer that overrides `tool` (to log each registration): v2's McpServer has no
// tool(), so the SDK never calls the override and `super.tool` is undefined. The override and the
// calls that reach it are reported, and the file stays on v1.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

class LoggingServer extends McpServer {
  override tool(...args: unknown[]): ReturnType<McpServer['tool']> {
    console.error(`registering ${String(args[0])}`);
    return Reflect.apply(super.tool, this, args) as ReturnType<McpServer['tool']>;
  }
}

const server = new LoggingServer({ name: 'logging', version: '1.0.0' });
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
