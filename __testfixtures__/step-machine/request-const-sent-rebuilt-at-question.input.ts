import { CreateMessageResultSchema } from '@modelcontextprotocol/core';
import { McpServer, type CallToolResult, type CreateMessageRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'sampler', version: '1.0.0' });

const AskSchema = z.object({
  prompt: z.string(),
  maxTokens: z.number().default(100),
});

// The request is built into a local and sent with the result schema: the question's params are
// the local's `params`, rebuilt where it is asked; the local goes (only its reads travel).
server.registerTool(
  'ask-model',
  { description: 'Ask the client model', inputSchema: AskSchema },
  async (args, ctx): Promise<CallToolResult> => {
    const { prompt, maxTokens } = AskSchema.parse(args);

    // Build the sampling request
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: `Context: ${prompt}` } }],
        systemPrompt: 'You are a helpful test server.',
        maxTokens,
        temperature: 0.7,
      },
    };

    // Send it to the client
    const result = await ctx.mcpReq.send(request, CreateMessageResultSchema);
    return { content: [{ type: 'text', text: `LLM sampling result: ${JSON.stringify(result, null, 2)}` }] };
  },
);

// The same without the schema, the request built from the arguments alone: nothing travels.
server.registerTool(
  'ask-model-briefly',
  { description: 'Ask the client model for a short answer', inputSchema: z.object({ prompt: z.string() }) },
  async ({ prompt }, ctx) => {
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 },
    };
    const result = await ctx.mcpReq.send(request);
    return { content: [{ type: 'text', text: result.model }] };
  },
);
