import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'poll', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type QuickPollState = { step: 'answer' };
server.registerTool(
  'quick-poll',
  { description: 'Ask one poll question', inputSchema: z.object({ question: z.string() }) },
  async ({ question }, ctx) => {
    let state = await mrtrState.resume<QuickPollState>(ctx, 'quick-poll', { question });
    state ??= { step: 'answer' };
    const answerRequest: ElicitRequestFormParams = {
      message: question,
      requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    };
    const answerResult = elicitAnswer(ctx, 'answer', answerRequest);
    if (answerResult === undefined) {
      return inputRequired({
        inputRequests: {
          answer: inputRequired.elicit(answerRequest),
        },
        requestState: await mrtrState.mint(ctx, 'quick-poll', { question }, state),
      });
    }
    const text = `You answered: ${answerResult.action}`;
    return { content: [{ type: 'text', text }] };
  },
);
