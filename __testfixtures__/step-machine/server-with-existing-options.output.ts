import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer(
  { name: 'options', version: '1.0.0' },
  {
    requestState: { verify: mrtrState.verify },
    capabilities: { logging: {} },
    instructions: 'Ask before changing anything.',
  },
);

type RenameUserState = { step: 'display_name' };
server.registerTool(
  'rename-user',
  { description: 'Rename a user', inputSchema: z.object({ userId: z.string() }) },
  async ({ userId }, ctx) => {
    let state = await mrtrState.resume<RenameUserState>(ctx, 'rename-user', { userId });
    state ??= { step: 'display_name' };
    const displayNameRequest: ElicitRequestFormParams = {
      message: `New display name for ${userId}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    };
    const displayName = elicitAnswer(ctx, 'display_name', displayNameRequest);
    if (displayName === undefined) {
      return inputRequired({
        inputRequests: {
          display_name: inputRequired.elicit(displayNameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'rename-user', { userId }, state),
      });
    }
    if (displayName.action !== 'accept') return { content: [{ type: 'text', text: 'Unchanged' }] };
    return { content: [{ type: 'text', text: `${userId} is now ${String(displayName.content?.name)}` }] };
  },
);
