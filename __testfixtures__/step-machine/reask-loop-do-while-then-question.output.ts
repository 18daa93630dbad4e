import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const audit: string[] = [];

type CreateAccountState =
  | { step: 'choice'; attempts: number; username: string }
  | { step: 'admin'; attempts: number; username: string };
server.registerTool(
  'create-account',
  { description: 'Create an account; asks for a username until a free one is given', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    const taken = ['admin', 'root'];
    let state = await mrtrState.resume<CreateAccountState>(ctx, 'create-account', { team });
    if (state === undefined) {
      let attempts = 0;
      let username = '';
      state = { step: 'choice', attempts, username };
    }
    if (state.step === 'choice') {
      let { attempts, username } = state;
      let choiceAnswerUsed = false;
      do {
        const choiceRequest: ElicitRequestFormParams = {
          message: attempts === 0 ? `Username for ${team}?` : `${username} is taken. Another username for ${team}?`,
          requestedSchema: { type: 'object', properties: { username: { type: 'string' } }, required: ['username'] },
        };
        const choice = choiceAnswerUsed ? undefined : elicitAnswer(ctx, 'choice', choiceRequest);
        if (choice === undefined) {
          return inputRequired({
            inputRequests: {
              choice: inputRequired.elicit(choiceRequest),
            },
            requestState: await mrtrState.mint(ctx, 'create-account', { team }, { step: 'choice', attempts, username }),
          });
        }
        choiceAnswerUsed = true;
        if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'No account created' }] };
        username = String(choice.content?.username);
        attempts++;
        audit.push(`tried ${username}`);
      } while (taken.includes(username));
      state = { step: 'admin', attempts, username };
    }
    let { attempts, username } = state;
    const adminRequest: ElicitRequestFormParams = {
      message: `Make ${username} an admin of ${team}?`,
      requestedSchema: { type: 'object', properties: { admin: { type: 'boolean' } }, required: ['admin'] },
    };
    const admin = elicitAnswer(ctx, 'admin', adminRequest);
    if (admin === undefined) {
      return inputRequired({
        inputRequests: {
          admin: inputRequired.elicit(adminRequest),
        },
        requestState: await mrtrState.mint(ctx, 'create-account', { team }, state),
      });
    }
    const role = admin.action === 'accept' && admin.content?.admin === true ? 'admin' : 'member';
    return { content: [{ type: 'text', text: `${username} (${role}) after ${attempts} attempts` }] };
  },
);
