import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'everything', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PickColorState = { step: 'choice' };
server.registerTool(
  'pick-color',
  { description: 'Ask for a favourite color', inputSchema: z.object({}) },
  async (_args, ctx) => {
    let state = await mrtrState.resume<PickColorState>(ctx, 'pick-color', {});
    state ??= { step: 'choice' };
    const choiceRequest: ElicitRequestFormParams = {
      message: 'Favourite color?',
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    };
    const choice = elicitAnswer(ctx, 'choice', choiceRequest);
    if (choice === undefined) {
      return inputRequired({
        inputRequests: {
          choice: inputRequired.elicit(choiceRequest),
        },
        requestState: await mrtrState.mint(ctx, 'pick-color', {}, state),
      });
    }
    return { content: [{ type: 'text', text: choice.action === 'accept' ? String(choice.content?.color) : 'none' }] };
  },
);
