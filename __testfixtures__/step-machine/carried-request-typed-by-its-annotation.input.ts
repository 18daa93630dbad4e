// A request read again after the question travels in the state with the type its declaration names:
// the SDK's CreateMessageRequest printed out in full holds `any` (its JSON metadata), which a state type never says.
import { McpServer, type CreateMessageRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'sampler', version: '1.0.0' });

async function loadText(id: string): Promise<string> {
  return id;
}

server.registerTool('ask', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const request: CreateMessageRequest = {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: await loadText(id) } }], maxTokens: 50 },
  };
  const result = await ctx.mcpReq.send(request);
  return { content: [{ type: 'text', text: `${result.model} for ${request.params.maxTokens}` }] };
});
