import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'quiz', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type AskAnswerState = { step: 'guess'; wrong: number[] };
server.registerTool(
  'ask-answer',
  { description: 'Ask until the answer is right or the user gives up', inputSchema: z.object({ question: z.string(), answer: z.number() }) },
  async ({ question, answer }, ctx) => {
    let state = await mrtrState.resume<AskAnswerState>(ctx, 'ask-answer', { question, answer });
    if (state === undefined) {
      const wrong: number[] = [];
      state = { step: 'guess', wrong };
    }
    const { wrong } = state;
    let guessAnswerUsed = false;
    for (;;) {
      const guessRequest: ElicitRequestFormParams = {
        message: wrong.length > 0 ? `${question} (not ${wrong.join(', ')})` : question,
        requestedSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
      };
      const guess = guessAnswerUsed ? undefined : elicitAnswer(ctx, 'guess', guessRequest);
      if (guess === undefined) {
        return inputRequired({
          inputRequests: {
            guess: inputRequired.elicit(guessRequest),
          },
          requestState: await mrtrState.mint(ctx, 'ask-answer', { question, answer }, { step: 'guess', wrong }),
        });
      }
      guessAnswerUsed = true;
      if (guess.action !== 'accept') return { content: [{ type: 'text', text: 'Gave up' }] };
      if (guess.content?.value === answer) break;
      wrong.push(Number(guess.content?.value));
    }
    return { content: [{ type: 'text', text: `Right after ${wrong.length} wrong guesses` }] };
  },
);
