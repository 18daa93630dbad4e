import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function loadNote(id: string): Promise<string> {
  return `note ${id}`;
}

type SummarizeState = { step: 'summary'; body: string };
server.registerTool('summarize', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  let state = await mrtrState.resume<SummarizeState>(ctx, 'summarize', { id });
  if (state === undefined) {
    const body = await loadNote(id);
    state = { step: 'summary', body };
  }
  const { body } = state;
  const summaryRequest: CreateMessageRequestParams = {
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${body}` } }],
    maxTokens: 100,
  };
  const response = samplingAnswer(ctx, 'summary');
  if (response === undefined) {
    return inputRequired({
      inputRequests: {
        summary: inputRequired.createMessage(summaryRequest),
      },
      requestState: await mrtrState.mint(ctx, 'summarize', { id }, state),
    });
  }
  return { content: [{ type: 'text', text: `${id}: ${response.model}` }] };
});
