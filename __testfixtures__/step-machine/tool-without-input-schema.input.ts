import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'coffee', version: '1.0.0' });

server.registerTool('order-coffee', { description: 'Order a coffee' }, async (ctx) => {
  const drink = await ctx.mcpReq.elicitInput({
    message: 'Which coffee?',
    requestedSchema: {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['espresso', 'latte', 'flat white'] } },
      required: ['kind'],
    },
  });
  if (drink.action !== 'accept') {
    return { content: [{ type: 'text', text: 'No coffee today' }] };
  }
  return { content: [{ type: 'text', text: `One ${String(drink.content?.kind)} coming up` }] };
});
