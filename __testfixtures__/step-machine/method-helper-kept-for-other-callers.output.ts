import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type DrainNodeState = { step: 'drain' };
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

  private async drainNode({ node }: { node: string }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<DrainNodeState>(ctx, 'drain_node', { node });
    state ??= { step: 'drain' };
    const drainRequest: ElicitRequestFormParams = this.confirmParams(`Drain ${node}?`);
    const drainAnswer = elicitAnswer(ctx, 'drain', drainRequest);
    if (drainAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          drain: inputRequired.elicit(drainRequest),
        },
        requestState: await mrtrState.mint(ctx, 'drain_node', { node }, state),
      });
    }
    const drain = this.confirmOutcome(drainAnswer);
    if (!drain) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  private async confirm(ctx: ServerContext, message: string): Promise<boolean> {
    // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), whose question was lifted into the handlers migrated so far (they use confirmParams() instead); confirm() itself still asks, for the callers it has left or because it is exported
    const answer = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
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

export function createServer(): McpServer {
  const server = new McpServer({ name: 'k8s', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  new NodeTools(server).register();
  return server;
}
