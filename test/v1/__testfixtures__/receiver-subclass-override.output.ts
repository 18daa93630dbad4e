// A subclass of McpServer that overrides `tool` (to log each registration): v2's McpServer has no
// tool(), so the SDK never calls the override and `super.tool` is undefined. The override and the
// calls that reach it are reported, and the file stays on v1.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

class LoggingServer extends McpServer {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: LoggingServer overrides v1's McpServer.tool: v2's McpServer has no tool(), so the SDK never calls this override and its super.tool is undefined
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: the type McpServer['tool'] left as it was: v2's McpServer has no tool(), so it does not compile once upgraded
  override tool(...args: unknown[]): ReturnType<McpServer['tool']> {
    console.error(`registering ${String(args[0])}`);
    // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: super.tool read as a value, left as it was: v2's McpServer has no tool(), so this fails when the server starts
    // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: the type McpServer['tool'] left as it was: v2's McpServer has no tool(), so it does not compile once upgraded
    return Reflect.apply(super.tool, this, args) as ReturnType<McpServer['tool']>;
  }
}

const server = new LoggingServer({ name: 'logging', version: '1.0.0' });
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: .tool() call left as it was: it calls LoggingServer's own tool (declared in this file), which overrides v1's McpServer.tool; v2's McpServer has no tool(), so the SDK never calls the override and its `super.tool` is undefined
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
