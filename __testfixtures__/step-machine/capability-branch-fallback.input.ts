import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'caps', version: '1.0.0' });
  server.registerTool('suggest', { description: 'Suggest a name' }, async (ctx) => {
    const capabilities = server.server.getClientCapabilities();
    if (capabilities?.elicitation) {
      const choice = await ctx.mcpReq.elicitInput({
        message: 'Pick a name',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'No name' }] };
      return { content: [{ type: 'text', text: `Chosen: ${String(choice.content?.name)}` }] };
    }
    if (!capabilities?.sampling) {
      return { isError: true, content: [{ type: 'text', text: 'Needs elicitation or sampling' }] };
    }
    const suggestion = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a name' } }],
      maxTokens: 20,
    });
    const block = Array.isArray(suggestion.content) ? suggestion.content[0] : suggestion.content;
    return { content: [{ type: 'text', text: `Suggested: ${block?.type === 'text' ? block.text : '?'}` }] };
  });
  return server;
}
