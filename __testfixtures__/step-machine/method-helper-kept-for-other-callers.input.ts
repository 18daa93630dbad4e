import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class NodeTools {
  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'drain_node',
      { description: 'Drain a node', inputSchema: z.object({ node: z.string() }) },
      this.drainNode.bind(this),
    );
  }

  /** Also used by the scheduled maintenance job, which runs outside any request. */
  async maintenance(ctx: ServerContext, node: string): Promise<boolean> {
    return this.confirm(ctx, `Start maintenance on ${node}?`);
  }

  private async drainNode({ node }: { node: string }, ctx: ServerContext): Promise<CallToolResult> {
    const drain = await this.confirm(ctx, `Drain ${node}?`);
    if (!drain) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' });
  new NodeTools(server).register();
  return server;
}
