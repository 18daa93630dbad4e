import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type DrainNodeState = { step: 'ok' };
export class NodeTools {
  constructor(private readonly server: McpServer) {}

  register(): void {
    // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
    this.server.registerTool(
      'drain_node',
      { description: 'Drain a node', inputSchema: z.object({ node: z.string() }) },
      this.drainNode.bind(this),
    );
  }

  private async drainNode({ node }: { node: string }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<DrainNodeState>(ctx, 'drain_node', { node });
    state ??= { step: 'ok' };
    const okRequest: ElicitRequestFormParams = this.confirmDrainParams(node);
    const okAnswer = elicitAnswer(ctx, 'ok', okRequest);
    if (okAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'drain_node', { node }, state),
      });
    }
    const ok = this.confirmDrainOutcome(okAnswer);
    if (!ok) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  /** The request confirmDrain() asks with (its code before the question). */
  private confirmDrainParams(node: string): ElicitRequestFormParams {
    return this.confirmParams(`Drain ${node}? Its pods move elsewhere.`);
  }

  /** What confirmDrain() does with the answer (its code after the question). */
  private confirmDrainOutcome(answer: ElicitResult): boolean {
    const confirmed = this.confirmOutcome(answer);
    return confirmed;
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
