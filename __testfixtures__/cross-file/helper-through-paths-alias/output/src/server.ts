import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { summarizeParams, summarizeOutcome } from '@app/lib/summary.js';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SummarizeNoteState = { step: 'summary' };
server.registerTool(
  'summarize_note',
  { description: 'Summarize a note', inputSchema: z.object({ note: z.string() }) },
  async ({ note }, ctx) => {
    let state = await mrtrState.resume<SummarizeNoteState>(ctx, 'summarize_note', { note });
    state ??= { step: 'summary' };
    const summaryRequest: CreateMessageRequestParams = summarizeParams(note);
    const summaryAnswer = samplingAnswer(ctx, 'summary');
    if (summaryAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'summarize_note', { note }, state),
      });
    }
    const summary = summarizeOutcome(summaryAnswer);
    return { content: [{ type: 'text', text: summary || 'No summary' }] };
  },
);

export { server };
