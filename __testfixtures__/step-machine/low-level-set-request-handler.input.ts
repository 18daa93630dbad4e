import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'low-level', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/call', async (request, ctx) => {
  const target = String(request.params.arguments?.target ?? 'world');
  const answer = await ctx.mcpReq.elicitInput({
    message: `Wave at ${target}?`,
    requestedSchema: { type: 'object', properties: { wave: { type: 'boolean' } }, required: ['wave'] },
  });
  if (answer.action !== 'accept') {
    return { content: [{ type: 'text', text: 'No wave' }] };
  }
  return { content: [{ type: 'text', text: `Waved at ${target}` }] };
});
