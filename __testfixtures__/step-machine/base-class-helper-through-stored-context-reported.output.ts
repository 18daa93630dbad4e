import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

abstract class McpTool {
  abstract readonly name: string;
  protected ctx!: ServerContext;

  async run(args: { service: string }, ctx: ServerContext): Promise<CallToolResult> {
    this.ctx = ctx;
    const text = await this.execute(args);
    return { content: [{ type: 'text', text }] };
  }

  protected abstract execute(args: { service: string }): Promise<string>;

  protected async confirm(message: string): Promise<boolean> {
    // @mcp-mrtr-migrate push-in-helper: this.ctx.mcpReq.elicitInput is made in helper McpTool.confirm() through this.ctx, a request context run() stores on the instance: which request the question belongs to is not passed in (concurrent calls share the instance), so it is not migrated
    const result = await this.ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  }
}

class RestartTool extends McpTool {
  readonly name = 'restart_service';

  protected async execute({ service }: { service: string }): Promise<string> {
    if (!(await this.confirm(`Restart ${service}?`))) return 'Restart cancelled';
    return `Restarted ${service}`;
  }
}

export function registerTools(server: McpServer, tools: McpTool[]): void {
  for (const tool of tools) {
    server.registerTool(tool.name, { inputSchema: z.object({ service: z.string() }) }, (args, ctx) => tool.run(args, ctx));
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'platform', version: '1.0.0' });
  registerTools(server, [new RestartTool()]);
  return server;
}
