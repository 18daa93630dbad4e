// Error-tracking server written against the low-level Server API: one tools/call dispatcher.
import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface SentryIssue {
  id: string;
  shortId: string;
  title: string;
  culprit: string;
  count: string;
  userCount: number;
  status: 'unresolved' | 'resolved' | 'ignored';
}

const sentry = new ApiClient({ baseUrl: 'https://sentry.io/api/0/', token: process.env.SENTRY_AUTH_TOKEN });
const log = createLogger('sentry');
const ORG = process.env.SENTRY_ORG ?? 'acme';

const server = new Server(
  { name: 'sentry', version: '0.14.0' },
  { capabilities: { tools: {} }, instructions: 'Issue ids look like PROJ-123 or a numeric id.' },
);

server.setRequestHandler('tools/list', async () => ({
  tools: [
    { name: 'get_issue', description: 'Show an issue', inputSchema: { type: 'object', properties: { issueId: { type: 'string' } }, required: ['issueId'] } },
    { name: 'resolve_issue', description: 'Resolve an issue', inputSchema: { type: 'object', properties: { issueId: { type: 'string' } }, required: ['issueId'] } },
    { name: 'explain_issue', description: 'Explain the likely cause of an issue', inputSchema: { type: 'object', properties: { issueId: { type: 'string' } }, required: ['issueId'] } },
  ],
}));

server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
  const args = (request.params.arguments ?? {}) as { issueId?: string };
  if (!args.issueId) {
    return { isError: true, content: [{ type: 'text', text: 'issueId is required' }] };
  }
  try {
    const issue = await sentry.get<SentryIssue>(`organizations/${ORG}/issues/${args.issueId}/`);
    switch (request.params.name) {
      case 'get_issue':
        return { content: [{ type: 'text', text: `${issue.shortId} ${issue.title}\n${issue.culprit}\n${issue.count} events, ${issue.userCount} users` }] };
      case 'resolve_issue': {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Resolve ${issue.shortId} (${issue.userCount} users affected)?`,
          requestedSchema: {
            type: 'object',
            properties: { inNextRelease: { type: 'boolean', title: 'Resolve in next release', default: true } },
          },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${issue.shortId} unchanged` }] };
        const status = answer.content?.inNextRelease === false ? { status: 'resolved' } : { status: 'resolvedInNextRelease' };
        await sentry.request('PUT', `organizations/${ORG}/issues/${issue.id}/`, status);
        return { content: [{ type: 'text', text: `${issue.shortId} resolved` }] };
      }
      case 'explain_issue': {
        const events = await sentry.get<{ entries: unknown[] }[]>(`organizations/${ORG}/issues/${issue.id}/events/?full=true&limit=1`);
        const sampled = await ctx.mcpReq.requestSampling({
          systemPrompt: 'You are a senior engineer explaining production errors.',
          messages: [{ role: 'user', content: { type: 'text', text: `Explain the likely root cause:\n${JSON.stringify(events[0] ?? {}).slice(0, 12_000)}` } }],
          maxTokens: 500,
        });
        const block = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
        return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : 'No explanation' }] };
      }
      default:
        return { isError: true, content: [{ type: 'text', text: `Unknown tool ${request.params.name}` }] };
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { isError: true, content: [{ type: 'text', text: `Issue ${args.issueId} not found` }] };
    }
    log.error('tool call failed', { tool: request.params.name, error: errorMessage(error) });
    return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
  }
});

export default server;
