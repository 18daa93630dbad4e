import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'coffee', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type OrderCoffeeState = { step: 'drink' };
server.registerTool('order-coffee', { description: 'Order a coffee' }, async (ctx) => {
  let state = await mrtrState.resume<OrderCoffeeState>(ctx, 'order-coffee', {});
  state ??= { step: 'drink' };
  const drinkRequest: ElicitRequestFormParams = {
    message: 'Which coffee?',
    requestedSchema: {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['espresso', 'latte', 'flat white'] } },
      required: ['kind'],
    },
  };
  const drink = elicitAnswer(ctx, 'drink', drinkRequest);
  if (drink === undefined) {
    return inputRequired({
      inputRequests: {
        drink: inputRequired.elicit(drinkRequest),
      },
      requestState: await mrtrState.mint(ctx, 'order-coffee', {}, state),
    });
  }
  if (drink.action !== 'accept') {
    return { content: [{ type: 'text', text: 'No coffee today' }] };
  }
  return { content: [{ type: 'text', text: `One ${String(drink.content?.kind)} coming up` }] };
});
