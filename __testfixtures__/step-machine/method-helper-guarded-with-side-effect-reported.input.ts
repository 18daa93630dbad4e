import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class VolumeTools {
  private readonly audit: string[] = [];

  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'wipe_volume',
      { description: 'Wipe a volume', inputSchema: z.object({ volume: z.string() }) },
      this.wipeVolume.bind(this),
    );
  }

  private async wipeVolume({ volume }: { volume: string }, ctx: ServerContext): Promise<CallToolResult> {
    const ok = await this.confirm(ctx, volume);
    if (!ok) return { content: [{ type: 'text', text: 'Wipe cancelled' }] };
    return { content: [{ type: 'text', text: `Wiped ${volume}` }] };
  }

  private async confirm(ctx: ServerContext, volume: string): Promise<boolean> {
    this.audit.push(`asked about ${volume}`);
    if (volume.startsWith('tmp-')) return true;
    const answer = await ctx.mcpReq.elicitInput({
      message: `Wipe ${volume}?`,
      requestedSchema: { type: 'object', properties: { wipe: { type: 'boolean' } }, required: ['wipe'] },
    });
    return answer.action === 'accept' && answer.content?.wipe === true;
  }
}
