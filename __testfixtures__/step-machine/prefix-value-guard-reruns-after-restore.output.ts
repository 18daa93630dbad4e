import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'accounts', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Profile { content?: { name: string } }
async function load(id: string): Promise<Profile> { return { content: { name: id } }; }

// The guard that ends the first-leg code narrows a member of the value restored from the state:
// it runs again after the restore, so `profile.content` is narrowed on every leg, as it was.
type GreetState = { step: 'ok'; profile: Profile };
server.registerTool('greet', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const resumed = await mrtrState.resume<GreetState>(ctx, 'greet', { id });
  let profile: Profile;
  if (resumed === undefined) {
    profile = await load(id);
  } else {
    ({ profile } = resumed);
  }
  if (!profile.content) throw new Error('no profile');
  try {
    let state = resumed;
    state ??= { step: 'ok', profile };
    const okRequest: ElicitRequestFormParams = {
      message: 'Greet?',
      requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
    };
    const ok = elicitAnswer(ctx, 'ok', okRequest);
    if (ok === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'greet', { id }, state),
      });
    }
    return { content: [{ type: 'text', text: `${profile.content.name} ${ok.action}` }] };
  } catch {
    return { content: [{ type: 'text', text: 'failed' }] };
  }
});
