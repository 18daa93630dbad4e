import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'summaries', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SummarizeNotesState = { step: 'summary'; words: number };
server.registerTool(
  'summarize-notes',
  { description: 'Summarize each note', inputSchema: z.object({ notes: z.array(z.object({ title: z.string(), body: z.string() })) }) },
  async ({ notes }, ctx) => {
    const lines: string[] = [];
    let state = await mrtrState.resume<SummarizeNotesState>(ctx, 'summarize-notes', { notes });
    if (state === undefined) {
      let words = 0;
      state = { step: 'summary', words };
    }
    let { words } = state;
    const summaryRequests = notes.map(({ title, body }): CreateMessageRequestParams => ({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize "${title}":\n${body}` } }],
      maxTokens: 100,
    }));
    const summaryAnswers = summaryRequests.map((_request, i) => samplingAnswer(ctx, `summary_${i}`));
    if (summaryAnswers.some((answer) => answer === undefined)) {
      return inputRequired({
        inputRequests: Object.fromEntries(summaryRequests.map((request, i) => [`summary_${i}`, inputRequired.createMessage(request)])),
        requestState: await mrtrState.mint(ctx, 'summarize-notes', { notes }, state),
      });
    }
    let summaryIndex = 0;
    for (const { title } of notes) {
      const summary = summaryAnswers[summaryIndex++]!;
      const block = Array.isArray(summary.content) ? summary.content[0] : summary.content;
      const text = block?.type === 'text' ? block.text : '';
      if (!text) continue;
      words += text.split(' ').length;
      lines.push(`${title}: ${text}`);
    }
    return { content: [{ type: 'text', text: `${lines.join('\n')}\n(${words} words)` }] };
  },
);
