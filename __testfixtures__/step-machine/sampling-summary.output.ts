import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function loadNote(id: string): Promise<string> {
  return `note ${id}`;
}

type SummarizeNoteState = { step: 'summary'; body: string };
server.registerTool(
  'summarize-note',
  { description: 'Summarize a note with the client model', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume<SummarizeNoteState>(ctx, 'summarize-note', { id });
    if (state === undefined) {
      const body = await loadNote(id);
      state = { step: 'summary', body };
    }
    const { body } = state;
    const summaryRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Summarize in one sentence:\n\n${body}` } }],
      maxTokens: 120,
    };
    const response = samplingAnswer(ctx, 'summary');
    if (response === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'summarize-note', { id }, state),
      });
    }
    const block = Array.isArray(response.content) ? response.content[0] : response.content;
    const summary = block?.type === 'text' ? block.text : '(no summary)';
    return { content: [{ type: 'text', text: `${id}: ${summary} [${response.model}]` }] };
  },
);
