import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class NamespaceTools {
  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'delete_namespace',
      { description: 'Delete a namespace', inputSchema: z.object({ namespace: z.string() }) },
      async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx),
    );
  }

  private async deleteNamespace(namespace: string, ctx: ServerContext): Promise<CallToolResult> {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Delete namespace ${namespace}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: 'Cancelled' }] };
    }
    return { content: [{ type: 'text', text: `Namespace ${namespace} is terminating` }] };
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' });
  new NamespaceTools(server).register();
  return server;
}
