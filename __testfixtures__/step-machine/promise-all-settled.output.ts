import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'survey', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type FeedbackState = { step: 'rating+comment' };
server.registerTool(
  'feedback',
  { description: 'Collect optional feedback', inputSchema: z.object({ product: z.string() }) },
  async ({ product }, ctx) => {
    let state = await mrtrState.resume<FeedbackState>(ctx, 'feedback', { product });
    state ??= { step: 'rating+comment' };
    const ratingRequest: ElicitRequestFormParams = {
      message: `Rate ${product} from 1 to 5`,
      requestedSchema: { type: 'object', properties: { stars: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['stars'] },
    };
    const ratingAnswer = elicitAnswer(ctx, 'rating', ratingRequest);
    const commentRequest: ElicitRequestFormParams = {
      message: 'Anything else?',
      requestedSchema: { type: 'object', properties: { text: { type: 'string' } } },
    };
    const commentAnswer = elicitAnswer(ctx, 'comment', commentRequest);
    if (ratingAnswer === undefined || commentAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          rating: inputRequired.elicit(ratingRequest),
          comment: inputRequired.elicit(commentRequest),
        },
        requestState: await mrtrState.mint(ctx, 'feedback', { product }, state),
      });
    }
    const [rating, comment] = [{ status: 'fulfilled' as const, value: ratingAnswer }, { status: 'fulfilled' as const, value: commentAnswer }];
    const stars = rating.status === 'fulfilled' && rating.value.action === 'accept' ? Number(rating.value.content?.stars) : 0;
    const text = comment.status === 'fulfilled' && comment.value.action === 'accept' ? String(comment.value.content?.text ?? '') : '';
    return { content: [{ type: 'text', text: `${product}: ${stars} stars ${text}`.trim() }] };
  },
);
