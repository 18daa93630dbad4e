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
  // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.send in tool handler 'summarize-lines': the request is built into request before other statements, and its params read shown, which those statements may change in place
  const result = await ctx.mcpReq.send(request);
  return { content: [{ type: 'text', text: `${result.model}: ${shown.length}` }] };
});

// The same for a question started early and awaited later.
server.registerTool('summarize-lines-later', { inputSchema: z.object({ lines: z.array(z.string()) }) }, async ({ lines }, ctx) => {
  const shown = lines.slice(0, 10);
  // @mcp-mrtr-migrate push-not-awaited: ctx.mcpReq.requestSampling in tool handler 'summarize-lines-later': the request is started into pending and awaited later, and its params read shown, which the statements in between may change in place
  const pending = ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: shown.join('\n') } }], maxTokens: 50 });
  shown.push('(end)');
  const result = await pending;
  return { content: [{ type: 'text', text: `${result.model}: ${shown.length}` }] };
});
