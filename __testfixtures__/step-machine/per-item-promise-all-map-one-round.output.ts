import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'digests', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const fetched: string[] = [];

async function loadPage(id: string): Promise<{ id: string; title: string; text: string }> {
  fetched.push(id);
  return { id, title: `Page ${id}`, text: `Text of ${id}` };
}

type DigestPagesState = { step: 'summary'; pages: { id: string; title: string; text: string }[] };
server.registerTool(
  'digest-pages',
  { description: 'One paragraph per page', inputSchema: z.object({ pageIds: z.array(z.string()) }) },
  async ({ pageIds }, ctx) => {
    let state = await mrtrState.resume<DigestPagesState>(ctx, 'digest-pages', { pageIds });
    if (state === undefined) {
      const pages = await Promise.all(pageIds.map(loadPage));
      state = { step: 'summary', pages };
    }
    const { pages } = state;
    const summaryRequests = pages.map((page): CreateMessageRequestParams => ({
      messages: [{ role: 'user', content: { type: 'text', text: `One paragraph summary:\n${page.text}` } }],
      maxTokens: 200,
    }));
    const summaryAnswers = summaryRequests.map((_request, i) => samplingAnswer(ctx, `summary_${i}`));
    if (summaryAnswers.some((answer) => answer === undefined)) {
      return inputRequired({
        inputRequests: Object.fromEntries(summaryRequests.map((request, i) => [`summary_${i}`, inputRequired.createMessage(request)])),
        requestState: await mrtrState.mint(ctx, 'digest-pages', { pageIds }, state),
      });
    }
    const digests = await Promise.all(
      pages.map(async (page, summaryIndex) => {
        const result = summaryAnswers[summaryIndex]!;
        const block = Array.isArray(result.content) ? result.content[0] : result.content;
        return `## ${page.title}\n${block?.type === 'text' ? block.text : ''}`;
      }),
    );
    return { content: [{ type: 'text', text: digests.join('\n\n') }] };
  },
);
