// Mail assistant: tool groups share a base class that registers their methods as tools.
import { randomUUID } from 'node:crypto';
import { McpServer, type CallToolResult, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage, type Logger } from './lib/log.js';

abstract class ToolGroup {
  protected readonly log: Logger;

  constructor(protected readonly server: McpServer) {
    this.log = createLogger(this.constructor.name);
  }

  protected tool<S extends z.ZodRawShape>(
    name: string,
    description: string,
    schema: z.ZodObject<S>,
    handler: (args: z.infer<z.ZodObject<S>>, ctx: ServerContext) => Promise<CallToolResult>,
  ): void {
    this.server.registerTool(name, { description, inputSchema: schema as z.ZodObject<z.ZodRawShape> }, async (args, ctx) => {
      try {
        return await handler.call(this, args as z.infer<z.ZodObject<S>>, ctx);
      } catch (error) {
        this.log.error('tool failed', { name, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    });
  }
}

interface Message {
  id: string;
  from: string;
  subject: string;
  snippet: string;
  unread: boolean;
}

const sendInput = z.object({ to: z.array(z.string().email()), subject: z.string(), body: z.string() });
const CONFIRM_TIMEOUT_MS = 90_000;

export class MailTools extends ToolGroup {
  private readonly mail = new ApiClient({ baseUrl: 'https://mail.example.com/api/v1/', token: process.env.MAIL_TOKEN });
  readonly sent: { draftId: string; to: string[]; savedAt: string }[] = [];

  register(): void {
    this.tool('send_email', 'Send an email after the user reviews it', sendInput, this.sendEmail);
    this.tool('summarize_inbox', 'Summarise unread mail', z.object({ max: z.number().int().default(20) }), this.summarizeInbox);
  }

  private async sendEmail({ to, subject, body }: z.infer<typeof sendInput>, ctx: ServerContext): Promise<CallToolResult> {
    const draftId = randomUUID();
    const savedAt = new Date().toISOString();
    await this.mail.post('drafts', { id: draftId, to, subject, body });
    const review = await Promise.race([
      ctx.mcpReq.elicitInput({
        message: `Send "${subject}" to ${to.join(', ')}?\n\n${body.slice(0, 500)}`,
        requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
      }),
      new Promise<ElicitResult>((resolve) => setTimeout(() => resolve({ action: 'cancel' }), CONFIRM_TIMEOUT_MS)),
    ]);
    if (review.action !== 'accept' || review.content?.send !== true) {
      return { content: [{ type: 'text', text: `Kept as draft ${draftId}` }] };
    }
    await this.mail.post(`drafts/${draftId}/send`, {});
    this.sent.push({ draftId, to, savedAt });
    return { content: [{ type: 'text', text: `Sent "${subject}"` }] };
  }

  private async summarizeInbox({ max }: { max: number }, ctx: ServerContext): Promise<CallToolResult> {
    const messages = await this.mail.get<Message[]>(`messages?unread=true&limit=${max}`);
    if (messages.length === 0) return { content: [{ type: 'text', text: 'Inbox zero' }] };
    const result = await ctx.mcpReq.requestSampling({
      systemPrompt: 'Group these emails by urgency and summarise each group in one line.',
      messages: [{ role: 'user', content: { type: 'text', text: messages.map((m) => `${m.from}: ${m.subject} — ${m.snippet}`).join('\n') } }],
      maxTokens: 400,
    });
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : '' }] };
  }
}

export function createMailServer(): McpServer {
  const server = new McpServer({ name: 'mail-assistant', version: '0.7.0' });
  new MailTools(server).register();
  return server;
}
