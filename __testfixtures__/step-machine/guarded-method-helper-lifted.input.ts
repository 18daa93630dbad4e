import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class BucketTools {
  private readonly publicBuckets = new Set(['assets']);

  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'empty_bucket',
      { description: 'Empty a bucket', inputSchema: z.object({ bucket: z.string() }) },
      this.emptyBucket.bind(this),
    );
  }

  private async emptyBucket({ bucket }: { bucket: string }, ctx: ServerContext): Promise<CallToolResult> {
    if (!(await this.confirmEmpty(ctx, bucket))) return { content: [{ type: 'text', text: `${bucket} kept` }] };
    return { content: [{ type: 'text', text: `Emptied ${bucket}` }] };
  }

  private async confirmEmpty(ctx: ServerContext, bucket: string): Promise<boolean> {
    if (!this.publicBuckets.has(bucket)) return true;
    const answer = await ctx.mcpReq.elicitInput({
      message: `${bucket} is public. Empty it?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}
