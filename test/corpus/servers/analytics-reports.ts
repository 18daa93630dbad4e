// Product analytics server on the low-level Server API.
import { Server, type CallToolResult, type CreateMessageResult, type CreateMessageResultWithTools, type ElicitResult, type ListToolsResult } from '@modelcontextprotocol/server';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface MetricSeries {
  metric: string;
  points: { day: string; value: number }[];
}

const analytics = new ApiClient({ baseUrl: process.env.ANALYTICS_URL ?? 'https://analytics.example.com/api/', token: process.env.ANALYTICS_KEY });
const log = createLogger('analytics');

function textOf(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  return block?.type === 'text' ? block.text : '';
}

function noAnswer(ms: number): Promise<ElicitResult> {
  return new Promise((resolve) => setTimeout(() => resolve({ action: 'cancel' }), ms));
}

export function createAnalyticsServer(): Server {
  const server = new Server({ name: 'analytics', version: '0.11.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async (): Promise<ListToolsResult> => ({
    tools: [
      {
        name: 'weekly_report',
        description: 'Weekly report of the key metrics with a written summary',
        inputSchema: { type: 'object', properties: { metrics: { type: 'array', items: { type: 'string' } } }, required: ['metrics'] },
      },
      {
        name: 'delete_dashboard',
        description: 'Delete a dashboard',
        inputSchema: { type: 'object', properties: { dashboardId: { type: 'string' } }, required: ['dashboardId'] },
      },
    ],
  }));

  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    const { name, arguments: args = {} } = request.params;
    if (name === 'weekly_report') {
      const metrics = Array.isArray(args.metrics) ? args.metrics.map(String) : [];
      const series = await analytics.post<MetricSeries[]>('query', { metrics, range: 'last_7_days', granularity: 'day' });
      const table = series.map((s) => `${s.metric}: ${s.points.map((p) => p.value).join(', ')}`).join('\n');
      const summary = await server.request({
        method: 'sampling/createMessage',
        params: {
          systemPrompt: 'You are a product analyst. Point out notable changes week over week.',
          messages: [{ role: 'user', content: { type: 'text', text: table } }],
          maxTokens: 400,
        },
      });
      return { content: [{ type: 'text', text: `${table}\n\n${textOf(summary)}` }] };
    } else if (name === 'delete_dashboard') {
      const dashboardId = String(args.dashboardId ?? '');
      const answer = await Promise.race([
        server.elicitInput({
          message: `Delete dashboard ${dashboardId}? Shared links will stop working.`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        }),
        noAnswer(60_000),
      ]);
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Dashboard ${dashboardId} kept` }] };
      }
      try {
        await analytics.delete(`dashboards/${dashboardId}`);
        return { content: [{ type: 'text', text: `Deleted dashboard ${dashboardId}` }] };
      } catch (error) {
        log.error('delete_dashboard failed', { dashboardId, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    }
    return { isError: true, content: [{ type: 'text', text: `Unknown tool: ${name}` }] };
  });

  return server;
}
