import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export class AlertTools {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool('watch', { inputSchema: z.object({ area: z.string() }) }, async ({ area }): Promise<CallToolResult> => {
      this.timer ??= setInterval(() => void this.writeDigest(), 60_000);
      return { content: [{ type: 'text', text: `Watching ${area}` }] };
    });
  }

  private async writeDigest(): Promise<void> {
    // @mcp-mrtr-migrate push-outside-request: this.server.server.createMessage in AlertTools.writeDigest() runs outside any client request: from a timer, setInterval(…)
    const digest = await this.server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise the active alerts' } }],
      maxTokens: 200,
    });
    console.log(digest.content);
  }
}
