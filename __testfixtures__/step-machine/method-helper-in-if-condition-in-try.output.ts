import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

interface Kube {
  listPods(namespace: string): Promise<{ name: string }[]>;
  deleteNamespace(namespace: string): Promise<void>;
}

type DeleteNamespaceState = { step: 'confirm'; pods: { name: string }[] };
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

  private async deleteNamespace({ namespace }: { namespace: string }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    const resumed = await mrtrState.resume<DeleteNamespaceState>(ctx, 'delete_namespace', { namespace });
    try {
      let state = resumed;
      if (state === undefined) {
        const pods = await this.kube.listPods(namespace);
        state = { step: 'confirm', pods };
      }
      const { pods } = state;
      const confirmRequest: ElicitRequestFormParams = this.confirmParams(`Delete ${namespace} with ${pods.length} pods?`);
      const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
      if (confirmAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit(confirmRequest),
          },
          requestState: await mrtrState.mint(ctx, 'delete_namespace', { namespace }, state),
        });
      }
      if (!this.confirmOutcome(confirmAnswer)) {
        return { content: [{ type: 'text', text: 'Cancelled' }] };
      }
      await this.kube.deleteNamespace(namespace);
      return { content: [{ type: 'text', text: `${namespace} is terminating` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  }

  /** The request confirm() asks with (its code before the question). */
  private confirmParams(message: string): ElicitRequestFormParams {
    return {
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
  }

  /** What confirm() does with the answer (its code after the question). */
  private confirmOutcome(answer: ElicitResult): boolean {
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}

export function createServer(kube: Kube): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  new NamespaceTools(server, kube).register();
  return server;
}
