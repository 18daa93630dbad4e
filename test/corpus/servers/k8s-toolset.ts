// Kubernetes operations exposed as MCP tools, organised as one class per API group.
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage, type Logger } from './lib/log.js';

interface Deployment {
  namespace: string;
  name: string;
  replicas: number;
  readyReplicas: number;
}

export interface KubeClient {
  getDeployment(namespace: string, name: string): Promise<Deployment>;
  scaleDeployment(namespace: string, name: string, replicas: number): Promise<void>;
  listPods(namespace: string, selector?: string): Promise<{ name: string; node: string }[]>;
  deleteNamespace(namespace: string): Promise<void>;
  cordon(node: string): Promise<void>;
  evict(namespace: string, pod: string): Promise<void>;
}

interface AuditEntry {
  tool: string;
  target: string;
  detail: string;
  at: string;
}

const scaleInput = z.object({
  namespace: z.string().default('default'),
  name: z.string(),
  replicas: z.number().int().min(0).max(500),
});

export class KubernetesToolset {
  private readonly audit: AuditEntry[] = [];
  private readonly log: Logger;

  constructor(
    private readonly server: McpServer,
    private readonly kube: KubeClient,
    private readonly options: { confirmAbove: number; protectedNamespaces: string[] },
  ) {
    this.log = createLogger('k8s', { cluster: process.env.KUBE_CONTEXT ?? 'default' });
  }

  register(): void {
    this.server.registerTool(
      'scale_deployment',
      { description: 'Scale a deployment; large jumps need confirmation', inputSchema: scaleInput },
      this.scaleDeployment.bind(this),
    );
    this.server.registerTool(
      'delete_namespace',
      { description: 'Delete a namespace and everything in it', inputSchema: z.object({ namespace: z.string() }) },
      async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx),
    );
    this.server.registerTool(
      'drain_node',
      { description: 'Cordon a node and evict its pods', inputSchema: z.object({ node: z.string() }) },
      async ({ node }, ctx) => this.drainNode(node, ctx),
    );
  }

  private async scaleDeployment({ namespace, name, replicas }: z.infer<typeof scaleInput>, ctx: ServerContext): Promise<CallToolResult> {
    const current = await this.kube.getDeployment(namespace, name);
    if (replicas > current.replicas + this.options.confirmAbove || replicas === 0) {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Scale ${namespace}/${name} from ${current.replicas} to ${replicas} replicas?`,
        requestedSchema: { type: 'object', properties: { proceed: { type: 'boolean' } }, required: ['proceed'] },
      });
      if (answer.action !== 'accept' || answer.content?.proceed !== true) {
        return { content: [{ type: 'text', text: `${namespace}/${name} stays at ${current.replicas} replicas` }] };
      }
    }
    await this.kube.scaleDeployment(namespace, name, replicas);
    this.record('scale_deployment', `${namespace}/${name}`, `${current.replicas} -> ${replicas}`);
    return { content: [{ type: 'text', text: `Scaled ${namespace}/${name} to ${replicas}` }] };
  }

  private async deleteNamespace(namespace: string, ctx: ServerContext): Promise<CallToolResult> {
    if (this.options.protectedNamespaces.includes(namespace)) {
      return { isError: true, content: [{ type: 'text', text: `${namespace} is protected` }] };
    }
    try {
      const pods = await this.kube.listPods(namespace);
      if (!(await this.confirm(ctx, `Delete namespace ${namespace} with ${pods.length} running pods?`))) {
        return { content: [{ type: 'text', text: 'Cancelled' }] };
      }
      await this.kube.deleteNamespace(namespace);
      this.record('delete_namespace', namespace, `${pods.length} pods`);
      return { content: [{ type: 'text', text: `Namespace ${namespace} is terminating` }] };
    } catch (error) {
      this.log.error('delete_namespace failed', { namespace, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  }

  private async drainNode(node: string, ctx: ServerContext): Promise<CallToolResult> {
    const pods = (await this.kube.listPods('', `spec.nodeName=${node}`)).filter((pod) => pod.node === node);
    const ok = await this.confirm(ctx, `Drain ${node}? ${pods.length} pods will be evicted.`);
    if (!ok) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    await this.kube.cordon(node);
    for (const pod of pods) await this.kube.evict('', pod.name);
    this.record('drain_node', node, `${pods.length} pods evicted`);
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    this.log.info('confirmation', { message, action: answer.action });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }

  private record(tool: string, target: string, detail: string): void {
    this.audit.push({ tool, target, detail, at: new Date().toISOString() });
    this.log.info('audit', { tool, target, detail });
  }
}
