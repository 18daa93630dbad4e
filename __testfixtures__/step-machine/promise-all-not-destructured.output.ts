import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'profile', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type CompleteProfileState = { step: 'city+title' };
server.registerTool(
  'complete-profile',
  { description: 'Complete a profile', inputSchema: z.object({ userId: z.string() }) },
  async ({ userId }, ctx) => {
    let state = await mrtrState.resume<CompleteProfileState>(ctx, 'complete-profile', { userId });
    state ??= { step: 'city+title' };
    const cityRequest: ElicitRequestFormParams = {
      message: 'Your city?',
      requestedSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    };
    const cityAnswer = elicitAnswer(ctx, 'city', cityRequest);
    const titleRequest: ElicitRequestFormParams = {
      message: 'Your job title?',
      requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    };
    const titleAnswer = elicitAnswer(ctx, 'title', titleRequest);
    if (cityAnswer === undefined || titleAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          city: inputRequired.elicit(cityRequest),
          title: inputRequired.elicit(titleRequest),
        },
        requestState: await mrtrState.mint(ctx, 'complete-profile', { userId }, state),
      });
    }
    const answers = [cityAnswer, titleAnswer];
    const filled = answers.filter((answer) => answer.action === 'accept').length;
    return { content: [{ type: 'text', text: `${userId}: ${filled} of ${answers.length} fields filled` }] };
  },
);
