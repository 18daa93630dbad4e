import { McpServer, type CallToolResult, inputRequired, type CreateMessageRequestParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'sampler', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const AskSchema = z.object({
  prompt: z.string(),
  maxTokens: z.number().default(100),
});

// The request is built into a local and sent with the result schema: the question's params are
// the local's `params`, rebuilt where it is asked; the local goes (only its reads travel).
type AskModelState = { step: 'summary' };
server.registerTool(
  'ask-model',
  { description: 'Ask the client model', inputSchema: AskSchema },
  async (args, ctx): Promise<CallToolResult | InputRequiredResult> => {
    const { prompt, maxTokens } = AskSchema.parse(args);
    let state = await mrtrState.resume<AskModelState>(ctx, 'ask-model', args);
    state ??= { step: 'summary' };

    // Send it to the client
    const summaryRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Context: ${prompt}` } }],
      systemPrompt: 'You are a helpful test server.',
      maxTokens,
      temperature: 0.7,
    };
    const result = samplingAnswer(ctx, 'summary');
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'ask-model', args, state),
      });
    }
    return { content: [{ type: 'text', text: `LLM sampling result: ${JSON.stringify(result, null, 2)}` }] };
  },
);

// The same without the schema, the request built from the arguments alone: nothing travels.
type AskModelBrieflyState = { step: 'summary' };
server.registerTool(
  'ask-model-briefly',
  { description: 'Ask the client model for a short answer', inputSchema: z.object({ prompt: z.string() }) },
  async ({ prompt }, ctx) => {
    let state = await mrtrState.resume<AskModelBrieflyState>(ctx, 'ask-model-briefly', { prompt });
    state ??= { step: 'summary' };
    const summaryRequest: CreateMessageRequestParams = { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 };
    const result = samplingAnswer(ctx, 'summary');
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'ask-model-briefly', { prompt }, state),
      });
    }
    return { content: [{ type: 'text', text: result.model }] };
  },
);
