import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type DeleteNamespaceState = { step: 'confirm' };
export class NamespaceTools {
  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'delete_namespace',
      { description: 'Delete a namespace', inputSchema: z.object({ namespace: z.string() }) },
      async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx),
    );
  }

  private async deleteNamespace(namespace: string, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<DeleteNamespaceState>(ctx, 'delete_namespace', { namespace });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Delete namespace ${namespace}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'delete_namespace', { namespace }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: 'Cancelled' }] };
    }
    return { content: [{ type: 'text', text: `Namespace ${namespace} is terminating` }] };
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  new NamespaceTools(server).register();
  return server;
}
