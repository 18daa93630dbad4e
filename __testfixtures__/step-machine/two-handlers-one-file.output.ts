import { McpServer, inputRequired, type ElicitRequestFormParams, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'library', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type BorrowBookState = { step: 'weeks' };
server.registerTool(
  'borrow-book',
  { description: 'Borrow a book', inputSchema: z.object({ isbn: z.string() }) },
  async ({ isbn }, ctx) => {
    let state = await mrtrState.resume<BorrowBookState>(ctx, 'borrow-book', { isbn });
    state ??= { step: 'weeks' };
    const weeksRequest: ElicitRequestFormParams = {
      message: `For how many weeks do you borrow ${isbn}?`,
      requestedSchema: { type: 'object', properties: { weeks: { type: 'integer', minimum: 1, maximum: 6 } }, required: ['weeks'] },
    };
    const weeks = elicitAnswer(ctx, 'weeks', weeksRequest);
    if (weeks === undefined) {
      return inputRequired({
        inputRequests: {
          weeks: inputRequired.elicit(weeksRequest),
        },
        requestState: await mrtrState.mint(ctx, 'borrow-book', { isbn }, state),
      });
    }
    if (weeks.action !== 'accept') return { content: [{ type: 'text', text: 'Not borrowed' }] };
    return { content: [{ type: 'text', text: `${isbn} borrowed for ${Number(weeks.content?.weeks)} weeks` }] };
  },
);

type RecommendBookState = { step: 'pick' };
server.registerTool(
  'recommend-book',
  { description: 'Recommend a book with the client model', inputSchema: z.object({ genre: z.string() }) },
  async ({ genre }, ctx) => {
    let state = await mrtrState.resume<RecommendBookState>(ctx, 'recommend-book', { genre });
    state ??= { step: 'pick' };
    const pickRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `Recommend one ${genre} book. Title only.` } }],
      maxTokens: 50,
    };
    const pick = samplingAnswer(ctx, 'pick');
    if (pick === undefined) {
      return inputRequired({
        inputRequests: {
          pick: inputRequired.createMessage(pickRequest),
        },
        requestState: await mrtrState.mint(ctx, 'recommend-book', { genre }, state),
      });
    }
    const block = Array.isArray(pick.content) ? pick.content[0] : pick.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : 'No idea' }] };
  },
);
