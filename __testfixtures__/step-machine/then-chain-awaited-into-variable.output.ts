import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'chains', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ChooseColorState = { step: 'color' };
server.registerTool(
  'choose-color',
  { description: 'Choose a color', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    let state = await mrtrState.resume<ChooseColorState>(ctx, 'choose-color', { item });
    state ??= { step: 'color' };
    const colorRequest: ElicitRequestFormParams = {
      message: `Color for ${item}?`,
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    };
    const result = elicitAnswer(ctx, 'color', colorRequest);
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          color: inputRequired.elicit(colorRequest),
        },
        requestState: await mrtrState.mint(ctx, 'choose-color', { item }, state),
      });
    }
    const color = result.action === 'accept' ? String(result.content?.color) : 'black';
    return { content: [{ type: 'text', text: `${item} in ${color}` }] };
  },
);
