import { McpServer, inputRequired, type CreateMessageRequestParams, type CreateMessageResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'translator', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type TranslateState = { step: 'translation' };
server.registerTool(
  'translate',
  { description: 'Translate text with the client model', inputSchema: z.object({ text: z.string(), to: z.string() }) },
  async ({ text, to }, ctx) => {
    let state = await mrtrState.resume<TranslateState>(ctx, 'translate', { text, to });
    state ??= { step: 'translation' };
    const translationRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Translate to ${to}:\n${text}` } }],
      systemPrompt: 'You are a precise translator.',
      maxTokens: 400,
    };
    const translation = samplingAnswer(ctx, 'translation') as CreateMessageResult | undefined;
    if (translation === undefined) {
      return inputRequired({
        inputRequests: {
          translation: inputRequired.createMessage(translationRequest),
        },
        requestState: await mrtrState.mint(ctx, 'translate', { text, to }, state),
      });
    }
    const content = Array.isArray(translation.content) ? translation.content[0] : translation.content;
    return { content: [{ type: 'text', text: content?.type === 'text' ? content.text : '' }] };
  },
);
