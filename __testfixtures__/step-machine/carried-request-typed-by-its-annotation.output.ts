// A request read again after the question travels in the state with the type its declaration names:
// the SDK's CreateMessageRequest printed out in full holds `any` (its JSON metadata), which a state type never says.
import { McpServer, type CreateMessageRequest, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'sampler', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function loadText(id: string): Promise<string> {
  return id;
}

type AskState = { step: 'summary'; request: CreateMessageRequest; summaryRequest: CreateMessageRequestParams };
server.registerTool('ask', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  let state = await mrtrState.resume<AskState>(ctx, 'ask', { id });
  if (state === undefined) {
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: await loadText(id) } }], maxTokens: 50 },
    };
    const summaryRequest: CreateMessageRequestParams = { messages: [{ role: 'user', content: { type: 'text', text: await loadText(id) } }], maxTokens: 50 };
    state = { step: 'summary', request, summaryRequest };
  }
  const { request, summaryRequest } = state;
  const result = samplingAnswer(ctx, 'summary');
  if (result === undefined) {
    return inputRequired({
      inputRequests: {
        summary: inputRequired.createMessage(summaryRequest),
      },
      requestState: await mrtrState.mint(ctx, 'ask', { id }, state),
    });
  }
  return { content: [{ type: 'text', text: `${result.model} for ${request.params.maxTokens}` }] };
});
