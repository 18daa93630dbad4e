// Knowledge-base server whose summariser and classifier are model-agnostic: they take any
// "complete" function. Inside MCP the client's model does the work through sampling.
import { McpServer, type CreateMessageRequestParams, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

type Complete = (params: CreateMessageRequestParams) => Promise<CreateMessageResult | CreateMessageResultWithTools>;

const log = createLogger('kb');

class Summarizer {
  constructor(
    private readonly complete: Complete,
    private readonly style: 'brief' | 'detailed',
  ) {}

  async summarize(title: string, text: string): Promise<string> {
    const result = await this.complete({
      systemPrompt: this.style === 'brief' ? 'Answer in two sentences.' : 'Answer with a structured outline.',
      messages: [{ role: 'user', content: { type: 'text', text: `Summarise "${title}":\n${text}` } }],
      maxTokens: this.style === 'brief' ? 120 : 800,
    });
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    return block?.type === 'text' ? block.text.trim() : '';
  }
}

async function classify(text: string, labels: string[], complete: Complete): Promise<string> {
  const result = await complete({
    messages: [{ role: 'user', content: { type: 'text', text: `Classify as one of ${labels.join('/')}:\n${text}` } }],
    maxTokens: 10,
  });
  const block = Array.isArray(result.content) ? result.content[0] : result.content;
  const answer = block?.type === 'text' ? block.text.trim() : '';
  return labels.find((label) => label.toLowerCase() === answer.toLowerCase()) ?? 'other';
}

const articles = new Map<string, { title: string; body: string; category?: string }>();

/** Model used by the nightly re-categorisation job; the last connected client's sampling. */
let backgroundModel: Complete | undefined;

export function createKnowledgeBaseServer(): McpServer {
  const server = new McpServer({ name: 'knowledge-base', version: '0.3.0' });

  server.registerTool(
    'summarize_article',
    {
      description: 'Summarise a knowledge-base article',
      inputSchema: z.object({ articleId: z.string(), style: z.enum(['brief', 'detailed']).default('brief') }),
    },
    async ({ articleId, style }, ctx) => {
      const article = articles.get(articleId);
      if (!article) return { isError: true, content: [{ type: 'text', text: `Unknown article ${articleId}` }] };
      try {
        const summarizer = new Summarizer(ctx.mcpReq.requestSampling.bind(ctx.mcpReq), style);
        return { content: [{ type: 'text', text: await summarizer.summarize(article.title, article.body) }] };
      } catch (error) {
        log.error('summarize_article failed', { articleId, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    },
  );

  server.registerTool(
    'categorize_article',
    {
      description: 'Put an article into a category',
      inputSchema: z.object({ articleId: z.string() }),
    },
    async ({ articleId }) => {
      const article = articles.get(articleId);
      if (!article) return { isError: true, content: [{ type: 'text', text: `Unknown article ${articleId}` }] };
      backgroundModel = server.server.createMessage.bind(server.server);
      article.category = await classify(article.body, ['billing', 'onboarding', 'api', 'security'], backgroundModel);
      return { content: [{ type: 'text', text: `${article.title}: ${article.category}` }] };
    },
  );

  return server;
}

export async function nightlyRecategorize(): Promise<number> {
  if (!backgroundModel) return 0;
  let changed = 0;
  for (const article of articles.values()) {
    const category = await classify(article.body, ['billing', 'onboarding', 'api', 'security'], backgroundModel);
    if (category !== article.category) {
      article.category = category;
      changed++;
    }
  }
  return changed;
}
