import { McpServer, type CreateMessageRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'sampler', version: '1.0.0' });

// The request reads a list that the code before the send still changes: rebuilt where it is
// asked it would hold the later line too, so the handler is left as it was.
server.registerTool('summarize-lines', { inputSchema: z.object({ lines: z.array(z.string()) }) }, async ({ lines }, ctx) => {
  const shown = lines.slice(0, 10);
  const request: CreateMessageRequest = {
    method: 'sampling/createMessage',
    params: { messages: [{ role: 'user', content: { type: 'text', text: shown.join('\n') } }], maxTokens: 50 },
  };
  shown.push('(end)');
  const result = await ctx.mcpReq.send(request);
  return { content: [{ type: 'text', text: `${result.model}: ${shown.length}` }] };
});

// The same for a question started early and awaited later.
server.registerTool('summarize-lines-later', { inputSchema: z.object({ lines: z.array(z.string()) }) }, async ({ lines }, ctx) => {
  const shown = lines.slice(0, 10);
  const pending = ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: shown.join('\n') } }], maxTokens: 50 });
  shown.push('(end)');
  const result = await pending;
  return { content: [{ type: 'text', text: `${result.model}: ${shown.length}` }] };
});
