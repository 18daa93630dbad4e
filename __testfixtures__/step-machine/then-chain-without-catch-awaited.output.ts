import { McpServer, type CallToolResult, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'colors', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PickColorState = { step: 'choice' };
server.registerTool(
  'pick-color',
  { description: 'Pick a color for an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx): Promise<CallToolResult | InputRequiredResult> => {
    const label = item.trim();
    let state = await mrtrState.resume<PickColorState>(ctx, 'pick-color', { item });
    state ??= { step: 'choice' };
    const choiceRequest: ElicitRequestFormParams = {
      message: `Color for ${label}?`,
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    };
    const choice = elicitAnswer(ctx, 'choice', choiceRequest);
    if (choice === undefined) {
      return inputRequired({
        inputRequests: {
          choice: inputRequired.elicit(choiceRequest),
        },
        requestState: await mrtrState.mint(ctx, 'pick-color', { item }, state),
      });
    }
    return {
      content: [{ type: 'text', text: choice.action === 'accept' ? `${label} in ${String(choice.content?.color)}` : `${label} unchanged` }],
    };
  },
);
