import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

abstract class ToolGroup {
  constructor(protected readonly server: McpServer) {}

  protected tool<S extends z.ZodRawShape>(
    name: string,
    schema: z.ZodObject<S>,
    handler: (args: z.infer<z.ZodObject<S>>, ctx: ServerContext) => Promise<CallToolResult>,
  ): void {
    this.server.registerTool(name, { inputSchema: schema as z.ZodObject<z.ZodRawShape> }, async (args, ctx) => {
      try {
        return await handler.call(this, args as z.infer<z.ZodObject<S>>, ctx);
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: String(error) }] };
      }
    });
  }
}

const sendInput = z.object({ to: z.string(), subject: z.string() });

export class MailTools extends ToolGroup {
  register(): void {
    this.tool('send_email', sendInput, this.sendEmail);
  }

  private async sendEmail({ to, subject }: z.infer<typeof sendInput>, ctx: ServerContext): Promise<CallToolResult> {
    const review = await ctx.mcpReq.elicitInput({
      message: `Send "${subject}" to ${to}?`,
      requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
    });
    if (review.action !== 'accept' || review.content?.send !== true) {
      return { content: [{ type: 'text', text: 'Kept as draft' }] };
    }
    return { content: [{ type: 'text', text: `Sent "${subject}"` }] };
  }
}

export function createMailServer(): McpServer {
  const server = new McpServer({ name: 'mail', version: '1.0.0' });
  new MailTools(server).register();
  return server;
}
