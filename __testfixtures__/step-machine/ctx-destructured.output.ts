import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'destructured', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PickThemeState = { step: 'theme' };
server.registerTool(
  'pick-theme',
  { description: 'Pick a UI theme', inputSchema: z.object({ app: z.string() }) },
  async ({ app }, ctx) => {
    let state = await mrtrState.resume<PickThemeState>(ctx, 'pick-theme', { app });
    state ??= { step: 'theme' };
    const themeRequest: ElicitRequestFormParams = {
      message: `Theme for ${app}?`,
      requestedSchema: { type: 'object', properties: { theme: { type: 'string', enum: ['light', 'dark'] } }, required: ['theme'] },
    };
    const theme = elicitAnswer(ctx, 'theme', themeRequest);
    if (theme === undefined) {
      return inputRequired({
        inputRequests: {
          theme: inputRequired.elicit(themeRequest),
        },
        requestState: await mrtrState.mint(ctx, 'pick-theme', { app }, state),
      });
    }
    return { content: [{ type: 'text', text: theme.action === 'accept' ? String(theme.content?.theme) : 'light' }] };
  },
);
