// Notion workspace server: page search and model-written summaries.
import { McpServer, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface Page {
  id: string;
  title: string;
  url: string;
  plainText: string;
  lastEditedTime: string;
}

const notion = new ApiClient({ baseUrl: 'https://api.notion.com/v1/', token: process.env.NOTION_TOKEN, userAgent: 'notion-mcp' });
const log = createLogger('notion');
const MAX_CHARS = 24_000;

export const summaryCache = new Map<string, { summary: string; editedAt: string }>();

function textOf(result: CreateMessageResult | CreateMessageResultWithTools): string {
  const block = Array.isArray(result.content) ? result.content.find((c) => c.type === 'text') : result.content;
  return block?.type === 'text' ? block.text : '';
}

async function loadPage(pageId: string): Promise<Page> {
  return notion.get<Page>(`pages/${pageId}?format=plain`);
}

const server = new McpServer({ name: 'notion', version: '1.12.0' }, { instructions: 'Use summarize_page before quoting long pages.' });

server.registerTool(
  'summarize_page',
  {
    description: 'Summarise a Notion page with the client model',
    inputSchema: z.object({ pageId: z.string(), audience: z.enum(['engineering', 'leadership']).default('engineering') }),
  },
  async ({ pageId, audience }, ctx) => {
    try {
      const page = await loadPage(pageId);
      const cached = summaryCache.get(pageId);
      if (cached && cached.editedAt === page.lastEditedTime) {
        return { content: [{ type: 'text', text: cached.summary }] };
      }
      await ctx.mcpReq.log('info', `summarising "${page.title}" (${page.plainText.length} chars)`);
      const result = await ctx.mcpReq.requestSampling({
        systemPrompt: `Summarise internal documents for a ${audience} audience in at most 8 bullet points.`,
        messages: [{ role: 'user', content: { type: 'text', text: page.plainText.slice(0, MAX_CHARS) } }],
        modelPreferences: { intelligencePriority: 0.7, speedPriority: 0.3 },
        maxTokens: 700,
      });
      const summary = textOf(result);
      summaryCache.set(pageId, { summary, editedAt: page.lastEditedTime });
      return { content: [{ type: 'text', text: `# ${page.title}\n\n${summary}\n\n${page.url}` }] };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        return { isError: true, content: [{ type: 'text', text: `Page ${pageId} not found or not shared with the integration` }] };
      }
      log.error('summarize_page failed', { pageId, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  },
);

server.registerTool(
  'digest_pages',
  {
    description: 'One-paragraph digest of several pages',
    inputSchema: z.object({ pageIds: z.array(z.string()).min(1).max(10) }),
  },
  async ({ pageIds }, ctx) => {
    const pages = await Promise.all(pageIds.map(loadPage));
    const digests = await Promise.all(
      pages.map(async (page) => {
        const result = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: `One paragraph summary:\n${page.plainText.slice(0, 8000)}` } }],
          maxTokens: 200,
        });
        return `## ${page.title}\n${textOf(result)}`;
      }),
    );
    return { content: [{ type: 'text', text: digests.join('\n\n') }] };
  },
);

export default server;
