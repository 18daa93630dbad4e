import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface Kube {
  listPods(namespace: string): Promise<{ name: string }[]>;
  deleteNamespace(namespace: string): Promise<void>;
}

export class NamespaceTools {
  constructor(
    private readonly server: McpServer,
    private readonly kube: Kube,
  ) {}

  register(): void {
    this.server.registerTool(
      'delete_namespace',
      { description: 'Delete a namespace', inputSchema: z.object({ namespace: z.string() }) },
      this.deleteNamespace.bind(this),
    );
  }

  private async deleteNamespace({ namespace }: { namespace: string }, ctx: ServerContext): Promise<CallToolResult> {
    try {
      const pods = await this.kube.listPods(namespace);
      if (!(await this.confirm(ctx, `Delete ${namespace} with ${pods.length} pods?`))) {
        return { content: [{ type: 'text', text: 'Cancelled' }] };
      }
      await this.kube.deleteNamespace(namespace);
      return { content: [{ type: 'text', text: `${namespace} is terminating` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}

export function createServer(kube: Kube): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' });
  new NamespaceTools(server, kube).register();
  return server;
}
