import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class NodeTools {
  private readonly asked: string[] = [];

  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'drain_node',
      { description: 'Drain a node', inputSchema: z.object({ node: z.string() }) },
      this.drainNode.bind(this),
    );
  }

  private async drainNode({ node }: { node: string }, ctx: ServerContext): Promise<CallToolResult> {
    const ok = await this.confirm(ctx, `Drain ${node}?`);
    if (!ok) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    this.asked.push(message);
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
