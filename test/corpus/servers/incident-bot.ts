// Incident response server: open incidents, page the on-call engineer, acknowledge alerts.
import { randomUUID } from 'node:crypto';
import { McpServer, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

type Severity = 'SEV1' | 'SEV2' | 'SEV3';

const pager = new ApiClient({ baseUrl: 'https://api.pager.example/', token: process.env.PAGER_TOKEN });
const log = createLogger('incident-bot');

export const incidents = new Map<string, { title: string; severity: Severity; openedAt: string; commander?: string }>();

async function withRetry<T>(operation: () => Promise<T>, attempts = 3, delayMs = 1_000): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      log.warn('attempt failed', { attempt, error: errorMessage(error) });
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
  throw lastError;
}

async function askSeverity(ctx: ServerContext, title: string): Promise<Severity> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `How severe is "${title}"?`,
    requestedSchema: {
      type: 'object',
      properties: {
        severity: { type: 'string', enum: ['SEV1', 'SEV2', 'SEV3'], title: 'SEV1 = customer-facing outage' },
      },
      required: ['severity'],
    },
  });
  if (answer.action === 'accept' && typeof answer.content?.severity === 'string') return answer.content.severity as Severity;
  return 'SEV3';
}

const server = new McpServer({ name: 'incident-bot', version: '3.1.0' });

server.registerTool(
  'open_incident',
  {
    description: 'Open an incident and assign a commander',
    inputSchema: z.object({ title: z.string(), service: z.string() }),
  },
  async ({ title, service }, ctx) => {
    const incidentId = `INC-${randomUUID().slice(0, 8)}`;
    const openedAt = new Date().toISOString();
    const severity = await askSeverity(ctx, title);
    const commander = await ctx.mcpReq.elicitInput({
      message: `${incidentId} (${severity}) on ${service}: who is the incident commander?`,
      requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'] },
    });
    const commanderEmail = commander.action === 'accept' ? String(commander.content?.email) : undefined;
    try {
      await pager.post('incidents', { id: incidentId, title, service, severity, commander: commanderEmail, openedAt });
    } catch (error) {
      log.error('pager rejected the incident', { incidentId, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Could not open ${incidentId}: ${errorMessage(error)}` }] };
    }
    incidents.set(incidentId, { title, severity, openedAt, commander: commanderEmail });
    return { content: [{ type: 'text', text: `${incidentId} opened as ${severity}${commanderEmail ? `, commander ${commanderEmail}` : ''}` }] };
  },
);

server.registerTool(
  'acknowledge_alert',
  {
    description: 'Acknowledge an alert with a note',
    inputSchema: z.object({ alertId: z.string() }),
  },
  async ({ alertId }, ctx) => {
    try {
      const answer = await withRetry(() =>
        ctx.mcpReq.elicitInput({
          message: `Acknowledge alert ${alertId}? Add a note for the team.`,
          requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
        }),
      );
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${alertId} not acknowledged` }] };
      await pager.post(`alerts/${alertId}/ack`, { note: answer.content?.note });
      return { content: [{ type: 'text', text: `${alertId} acknowledged` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  },
);

server.registerTool(
  'page_oncall',
  {
    description: 'Page the on-call engineer of a service',
    inputSchema: z.object({ service: z.string(), message: z.string() }),
  },
  async ({ service, message }, ctx) => {
    // Ask for an escalation contact while the page is being sent.
    const fallback: Promise<ElicitResult> = ctx.mcpReq.elicitInput({
      message: `If nobody acknowledges within 5 minutes, who should be paged next for ${service}?`,
      requestedSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    });
    const page = await pager.post<{ id: string; oncall: string }>('pages', { service, message });
    const next = await fallback;
    const escalation = next.action === 'accept' && next.content?.email ? String(next.content.email) : 'the service owner';
    return { content: [{ type: 'text', text: `Paged ${page.oncall} (${page.id}); escalation goes to ${escalation}` }] };
  },
);

export default server;
