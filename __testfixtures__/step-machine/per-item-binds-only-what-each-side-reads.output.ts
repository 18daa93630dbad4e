// Per-item questions batched into one round: the requests' map binds only the item's elements the
// params read, and the loop (or callback) kept for the answers only those it still reads, so
// neither leaves a destructured element unused (noUnusedLocals / noUnusedParameters).
import { McpServer, inputRequired, type ElicitRequestFormParams, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'reviews', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const Change = z.object({ id: z.string(), title: z.string(), diff: z.string() });

type ReviewChangesState = { step: 'ok' };
server.registerTool(
  'review-changes',
  { description: 'Ask about each change', inputSchema: z.object({ changes: z.array(Change) }) },
  async ({ changes }, ctx) => {
    const approved: string[] = [];
    let state = await mrtrState.resume<ReviewChangesState>(ctx, 'review-changes', { changes });
    state ??= { step: 'ok' };
    const okRequests = changes.map(({ title, diff }): ElicitRequestFormParams => ({
      message: `Approve "${title}"?\n${diff}`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    }));
    const okAnswers = okRequests.map((request, i) => elicitAnswer(ctx, `ok_${i}`, request));
    if (okAnswers.some((answer) => answer === undefined)) {
      return inputRequired({
        inputRequests: Object.fromEntries(okRequests.map((request, i) => [`ok_${i}`, inputRequired.elicit(request)])),
        requestState: await mrtrState.mint(ctx, 'review-changes', { changes }, state),
      });
    }
    let okIndex = 0;
    for (const { id } of changes) {
      const answer = okAnswers[okIndex++]!;
      if (answer.action === 'accept' && answer.content?.ok === true) approved.push(id);
    }
    return { content: [{ type: 'text', text: `Approved: ${approved.join(', ')}` }] };
  },
);

type SummarizeChangesState = { step: 'summary' };
server.registerTool(
  'summarize-changes',
  { description: 'One line per change', inputSchema: z.object({ changes: z.array(Change) }) },
  async ({ changes }, ctx) => {
    let state = await mrtrState.resume<SummarizeChangesState>(ctx, 'summarize-changes', { changes });
    state ??= { step: 'summary' };
    const summaryRequests = changes.map(({ diff }): CreateMessageRequestParams => ({
      messages: [{ role: 'user', content: { type: 'text', text: `One line for:\n${diff}` } }],
      maxTokens: 60,
    }));
    const summaryAnswers = summaryRequests.map((_request, i) => samplingAnswer(ctx, `summary_${i}`));
    if (summaryAnswers.some((answer) => answer === undefined)) {
      return inputRequired({
        inputRequests: Object.fromEntries(summaryRequests.map((request, i) => [`summary_${i}`, inputRequired.createMessage(request)])),
        requestState: await mrtrState.mint(ctx, 'summarize-changes', { changes }, state),
      });
    }
    const lines = await Promise.all(
      changes.map(async ({ id }, summaryIndex) => {
        const result = summaryAnswers[summaryIndex]!;
        const block = Array.isArray(result.content) ? result.content[0] : result.content;
        return `${id}: ${block?.type === 'text' ? block.text : ''}`;
      }),
    );
    return { content: [{ type: 'text', text: lines.join('\n') }] };
  },
);
