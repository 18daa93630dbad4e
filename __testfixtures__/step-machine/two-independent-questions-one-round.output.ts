import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type CreateAccountState = { step: 'user_name+newsletter' };
server.registerTool(
  'create-account',
  { description: 'Create an account in a team', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    let state = await mrtrState.resume<CreateAccountState>(ctx, 'create-account', { team });
    state ??= { step: 'user_name+newsletter' };
    const userNameRequest: ElicitRequestFormParams = {
      message: 'Your user name',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
    };
    const userName = elicitAnswer(ctx, 'user_name', userNameRequest);
    const newsletterRequest: ElicitRequestFormParams = {
      message: 'Subscribe to the newsletter?',
      requestedSchema: { type: 'object', properties: { subscribe: { type: 'boolean' } }, required: ['subscribe'] },
    };
    const newsletter = elicitAnswer(ctx, 'newsletter', newsletterRequest);
    if (userName === undefined || newsletter === undefined) {
      return inputRequired({
        inputRequests: {
          user_name: inputRequired.elicit(userNameRequest),
          newsletter: inputRequired.elicit(newsletterRequest),
        },
        requestState: await mrtrState.mint(ctx, 'create-account', { team }, state),
      });
    }
    if (userName.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No account created' }] };
    }
    const subscribed = newsletter.action === 'accept' && newsletter.content?.subscribe === true;
    return { content: [{ type: 'text', text: `Created ${String(userName.content?.name)} in ${team}${subscribed ? ' (subscribed)' : ''}` }] };
  },
);
