// The SDK's Server reached through a property of a dependencies object: no name says "server"
// where the call is, but the checker resolves deps.sampler.createMessage to the SDK's
// Server.createMessage, so the question is found and the tool becomes a step machine.
import { McpServer, inputRequired, type CreateMessageRequestParams, type CreateMessageResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'summaries', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SummariseState = { step: 'summary' };
server.registerTool(
  'summarise',
  { description: 'Summarise a text', inputSchema: z.object({ text: z.string() }) },
  async ({ text }, ctx) => {
    let state = await mrtrState.resume<SummariseState>(ctx, 'summarise', { text });
    state ??= { step: 'summary' };
    const summaryRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Summarise:\n${text}` } }],
      maxTokens: 120,
    };
    const result = samplingAnswer(ctx, 'summary') as CreateMessageResult | undefined;
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'summarise', { text }, state),
      });
    }
    const summary = result.content.type === 'text' ? result.content.text : '';
    return { content: [{ type: 'text', text: summary }] };
  },
);
