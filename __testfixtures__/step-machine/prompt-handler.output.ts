import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'reviewer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type CodeReviewState = { step: 'style' };
server.registerPrompt(
  'code-review',
  { description: 'Review a file', argsSchema: z.object({ file: z.string() }) },
  async ({ file }, ctx) => {
    let state = await mrtrState.resume<CodeReviewState>(ctx, 'code-review', { file });
    state ??= { step: 'style' };
    const styleRequest: ElicitRequestFormParams = {
      message: `How strict should the review of ${file} be?`,
      requestedSchema: {
        type: 'object',
        properties: { level: { type: 'string', enum: ['gentle', 'strict'] } },
        required: ['level'],
      },
    };
    const style = elicitAnswer(ctx, 'style', styleRequest);
    if (style === undefined) {
      return inputRequired({
        inputRequests: {
          style: inputRequired.elicit(styleRequest),
        },
        requestState: await mrtrState.mint(ctx, 'code-review', { file }, state),
      });
    }
    const level = style.action === 'accept' ? String(style.content?.level) : 'gentle';
    return {
      messages: [{ role: 'user', content: { type: 'text', text: `Review ${file} in a ${level} way.` } }],
    };
  },
);
