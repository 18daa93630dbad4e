import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

abstract class ToolGroup {
  constructor(protected readonly server: McpServer) {}

  protected tool<S extends z.ZodRawShape>(
    name: string,
    schema: z.ZodObject<S>,
    handler: (args: z.infer<z.ZodObject<S>>, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>,
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

type SendEmailState = { step: 'review' };
export class MailTools extends ToolGroup {
  register(): void {
    this.tool('send_email', sendInput, this.sendEmail);
  }

  private async sendEmail({ to, subject }: z.infer<typeof sendInput>, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
    let state = await mrtrState.resume<SendEmailState>(ctx, 'send_email', { to, subject });
    state ??= { step: 'review' };
    const reviewRequest: ElicitRequestFormParams = {
      message: `Send "${subject}" to ${to}?`,
      requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
    };
    const review = elicitAnswer(ctx, 'review', reviewRequest);
    if (review === undefined) {
      return inputRequired({
        inputRequests: {
          review: inputRequired.elicit(reviewRequest),
        },
        requestState: await mrtrState.mint(ctx, 'send_email', { to, subject }, state),
      });
    }
    if (review.action !== 'accept' || review.content?.send !== true) {
      return { content: [{ type: 'text', text: 'Kept as draft' }] };
    }
    return { content: [{ type: 'text', text: `Sent "${subject}"` }] };
  }
}

export function createMailServer(): McpServer {
  const server = new McpServer({ name: 'mail', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  new MailTools(server).register();
  return server;
}
