import { McpServer, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type TitleNoteState = { step: 'summary' };
server.registerTool(
  'title_note',
  { description: 'Suggest a title for a note', inputSchema: z.object({ note: z.string() }) },
  async ({ note }, ctx) => {
    let state = await mrtrState.resume<TitleNoteState>(ctx, 'title_note', { note });
    state ??= { step: 'summary' };
    const summaryRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Suggest a title for:\n${note}` } }],
      maxTokens: 40,
    };
    const result = samplingAnswer(ctx, 'summary');
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest),
        },
        requestState: await mrtrState.mint(ctx, 'title_note', { note }, state),
      });
    }
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    const title = block?.type === 'text' ? block.text : 'Untitled';
    return { content: [{ type: 'text', text: title }] };
  },
);
