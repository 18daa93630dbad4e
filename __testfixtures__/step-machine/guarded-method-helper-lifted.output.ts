import { McpServer, type CallToolResult, type ServerContext, inputRequired, type InputRequiredResult, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type EmptyBucketState = { step: 'confirm_empty' };
export class BucketTools {
  private readonly publicBuckets = new Set(['assets']);

  constructor(private readonly server: McpServer) {}

  register(): void {
    // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
    this.server.registerTool(
      'empty_bucket',
      { description: 'Empty a bucket', inputSchema: z.object({ bucket: z.string() }) },
      this.emptyBucket.bind(this),
    );
  }

  private async emptyBucket({ bucket }: { bucket: string }, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<EmptyBucketState>(ctx, 'empty_bucket', { bucket });
    state ??= { step: 'confirm_empty' };
    const confirmEmptyRequest = this.confirmEmptyParams(bucket);
    const confirmEmptyAnswer = 'ask' in confirmEmptyRequest ? elicitAnswer(ctx, 'confirm_empty', confirmEmptyRequest.ask) : undefined;
    if ('ask' in confirmEmptyRequest && confirmEmptyAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm_empty: inputRequired.elicit(confirmEmptyRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'empty_bucket', { bucket }, state),
      });
    }
    if (!('done' in confirmEmptyRequest ? confirmEmptyRequest.done : this.confirmEmptyOutcome(confirmEmptyAnswer!))) return { content: [{ type: 'text', text: `${bucket} kept` }] };
    return { content: [{ type: 'text', text: `Emptied ${bucket}` }] };
  }

  /** The request confirmEmpty() asks with, or its result when it returns without asking (its code before the question). */
  private confirmEmptyParams(bucket: string): { ask: ElicitRequestFormParams } | { done: boolean } {
    if (!this.publicBuckets.has(bucket)) return { done: true };
    return { ask: {
      message: `${bucket} is public. Empty it?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    } };
  }

  /** What confirmEmpty() does with the answer (its code after the question). */
  private confirmEmptyOutcome(answer: ElicitResult): boolean {
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
