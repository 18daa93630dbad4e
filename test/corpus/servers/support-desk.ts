// Help-desk server: reply drafting, escalation and merging of support tickets.
import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger } from './lib/log.js';

interface Ticket {
  id: number;
  subject: string;
  description: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  requester: { name: string; email: string };
  comments: { author: string; body: string }[];
}

const desk = new ApiClient({ baseUrl: `https://${process.env.DESK_SUBDOMAIN ?? 'acme'}.desk.example/api/v2/`, token: process.env.DESK_TOKEN });
const log = createLogger('support-desk');

export const escalations: { ticketId: number; priority: string; reason: string; at: string }[] = [];

const server = new McpServer({ name: 'support-desk', version: '2.7.1' });

const draftReplyInput = z.object({ ticketId: z.number().int(), tone: z.enum(['formal', 'friendly']).default('friendly') });

async function draftReply({ ticketId, tone }: z.infer<typeof draftReplyInput>, ctx: ServerContext): Promise<CallToolResult> {
  const { ticket } = await desk.get<{ ticket: Ticket }>(`tickets/${ticketId}?include=comments`);
  if (!server.server.getClientCapabilities()?.sampling) {
    return { isError: true, content: [{ type: 'text', text: 'draft_reply needs a client that supports sampling' }] };
  }
  const thread = ticket.comments.map((c) => `${c.author}: ${c.body}`).join('\n---\n');
  const result = await ctx.mcpReq.requestSampling({
    systemPrompt: `You are a ${tone} support agent. Reply to the customer's latest message. Never promise refunds.`,
    messages: [{ role: 'user', content: { type: 'text', text: `Subject: ${ticket.subject}\n\n${thread}` } }],
    includeContext: 'none',
    maxTokens: 500,
  });
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  const draft = block?.type === 'text' ? block.text : '';
  log.info('reply drafted', { ticketId, model: result.model, chars: draft.length });
  return { content: [{ type: 'text', text: `Draft reply to ${ticket.requester.name} (${ticket.subject}):\n\n${draft}` }] };
}

const handlers = {
  async escalate({ ticketId }: { ticketId: number }, ctx: ServerContext): Promise<CallToolResult> {
    const { ticket } = await desk.get<{ ticket: Ticket }>(`tickets/${ticketId}`);
    let priority: string = ticket.priority;
    let reason = 'Escalated by assistant';
    if (ticket.priority !== 'urgent') {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Escalate #${ticketId} "${ticket.subject}" (currently ${ticket.priority})?`,
        requestedSchema: {
          type: 'object',
          properties: {
            priority: { type: 'string', enum: ['high', 'urgent'] },
            reason: { type: 'string', title: 'Reason for the escalation' },
          },
          required: ['priority', 'reason'],
        },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `#${ticketId} not escalated` }] };
      priority = String(answer.content?.priority);
      reason = String(answer.content?.reason);
    }
    await desk.request('PUT', `tickets/${ticketId}`, { ticket: { priority, tags: ['escalated'], comment: { body: reason, public: false } } });
    escalations.push({ ticketId, priority, reason, at: new Date().toISOString() });
    return { content: [{ type: 'text', text: `#${ticketId} escalated to ${priority}` }] };
  },

  async merge({ sourceId, targetId }: { sourceId: number; targetId: number }, ctx: ServerContext): Promise<CallToolResult> {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Merge #${sourceId} into #${targetId}? #${sourceId} will be closed.`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: 'Tickets not merged' }] };
    }
    await desk.post(`tickets/${targetId}/merge`, { ids: [sourceId] });
    return { content: [{ type: 'text', text: `Merged #${sourceId} into #${targetId}` }] };
  },
};

server.registerTool('draft_reply', { description: 'Draft a reply to a ticket', inputSchema: draftReplyInput }, draftReply);
server.registerTool(
  'escalate_ticket',
  { description: 'Raise the priority of a ticket', inputSchema: z.object({ ticketId: z.number().int() }) },
  handlers.escalate,
);
server.registerTool(
  'merge_tickets',
  { description: 'Merge one ticket into another', inputSchema: z.object({ sourceId: z.number().int(), targetId: z.number().int() }) },
  handlers.merge,
);

export default server;
