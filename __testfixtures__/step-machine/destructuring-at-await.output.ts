import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'inventory', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RestockState = { step: 'units' };
server.registerTool(
  'restock',
  { description: 'Restock an item', inputSchema: z.object({ sku: z.string() }) },
  async ({ sku }, ctx) => {
    let state = await mrtrState.resume<RestockState>(ctx, 'restock', { sku });
    state ??= { step: 'units' };
    const unitsRequest: ElicitRequestFormParams = {
      message: `How many units of ${sku}?`,
      requestedSchema: { type: 'object', properties: { units: { type: 'integer', minimum: 1 } }, required: ['units'] },
    };
    const unitsAnswer = elicitAnswer(ctx, 'units', unitsRequest);
    if (unitsAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          units: inputRequired.elicit(unitsRequest),
        },
        requestState: await mrtrState.mint(ctx, 'restock', { sku }, state),
      });
    }
    const { action, content } = unitsAnswer;
    if (action !== 'accept') {
      return { content: [{ type: 'text', text: `No restock of ${sku} (${action})` }] };
    }
    return { content: [{ type: 'text', text: `Ordered ${Number(content?.units)} x ${sku}` }] };
  },
);
