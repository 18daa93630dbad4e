import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

interface Logger {
  info(message: string, fields: Record<string, unknown>): void;
}

type DrainNodeState = { step: 'ok' };
export class NodeTools {
  constructor(
    private readonly server: McpServer,
    private readonly log: Logger,
  ) {}

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
    const okRequest: ElicitRequestFormParams = this.confirmParams(`Drain ${node}?`);
    const okAnswer = elicitAnswer(ctx, 'ok', okRequest);
    if (okAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'drain_node', { node }, state),
      });
    }
    const ok = this.confirmOutcome(`Drain ${node}?`, okAnswer);
    if (!ok) return { content: [{ type: 'text', text: 'Drain cancelled' }] };
    return { content: [{ type: 'text', text: `Drained ${node}` }] };
  }

  /** The request confirm() asks with (its code before the question). */
  private confirmParams(message: string): ElicitRequestFormParams {
    return {
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
  }

  /** What confirm() does with the answer (its code after the question). */
  private confirmOutcome(message: string, answer: ElicitResult): boolean {
    this.log.info('confirmation', { message, action: answer.action });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
