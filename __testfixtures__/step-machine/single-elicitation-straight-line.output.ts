import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type GreetState = { step: 'nickname' };
server.registerTool(
  'greet',
  {
    description: 'Greet the user by name',
    inputSchema: z.object({ greeting: z.string() }),
  },
  async ({ greeting }, ctx) => {
    let state = await mrtrState.resume<GreetState>(ctx, 'greet', { greeting });
    state ??= { step: 'nickname' };
    const nicknameRequest: ElicitRequestFormParams = {
      message: 'What should I call you?',
      requestedSchema: { type: 'object', properties: { nickname: { type: 'string', minLength: 1 } }, required: ['nickname'] },
    };
    const nickname = elicitAnswer(ctx, 'nickname', nicknameRequest);
    if (nickname === undefined) {
      return inputRequired({
        inputRequests: {
          nickname: inputRequired.elicit(nicknameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'greet', { greeting }, state),
      });
    }
    const who = nickname.action === 'accept' ? String(nickname.content?.nickname) : 'stranger';
    return { content: [{ type: 'text', text: `${greeting}, ${who}!` }] };
  },
);
