import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'kitchen', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type OrderPizzaState =
  | { step: 'size' };
server.registerTool(
  'order-pizza',
  { description: 'Order a pizza', inputSchema: z.object({ topping: z.string() }) },
  async ({ topping }, ctx) => {
    let state = await mrtrState.resume<OrderPizzaState>(ctx, 'order-pizza', { topping });
    state ??= { step: 'size' };
    const sizeRequest: ElicitRequestFormParams = {
      message: 'Which size?',
      requestedSchema: { type: 'object', properties: { size: { type: 'string', enum: ['s', 'm', 'l'] } }, required: ['size'] },
    };
    const size = elicitAnswer(ctx, 'size', sizeRequest);
    if (size === undefined) {
      return inputRequired({
        inputRequests: {
          size: inputRequired.elicit(sizeRequest),
        },
        requestState: await mrtrState.mint(ctx, 'order-pizza', { topping }, state),
      });
    }
    return { content: [{ type: 'text', text: `${topping} pizza, size ${size.action === 'accept' ? String(size.content?.size) : 'm'}` }] };
  },
);

server.registerTool(
  'order-drink',
  { description: 'Order a drink', inputSchema: z.object({ cold: z.boolean() }) },
  async ({ cold }, ctx) => {
    const drink = await ctx.mcpReq.elicitInput({
      message: cold ? 'Which cold drink?' : 'Which hot drink?',
      requestedSchema: { type: 'object', properties: { drink: { type: 'string' } }, required: ['drink'] },
    });
    if (drink.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No drink' }] };
    }
    return { content: [{ type: 'text', text: `One ${String(drink.content?.drink)}` }] };
  },
);
