import { Server, type CreateMessageRequest } from '@modelcontextprotocol/server';

export const subscriptions = new Set<string>();

export function createServer(): Server {
  const server = new Server({ name: 'everything', version: '1.0.0' }, { capabilities: { tools: {}, resources: { subscribe: true } } });

  // Shared by a tool and by the subscribe handler, which cannot answer with an input request.
  const requestSampling = async (context: string, uri: string, maxTokens = 100) => {
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: `Resource ${uri} context: ${context}` } }],
        maxTokens,
      },
    };
    return await server.request(request);
  };

  server.setRequestHandler('resources/subscribe', async (request) => {
    subscriptions.add(request.params.uri);
    await requestSampling('A new subscription was started', request.params.uri);
    return {};
  });

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    if (name === 'echo') {
      return { content: [{ type: 'text', text: String(args?.message) }] };
    }
    if (name === 'sample') {
      const prompt = String(args?.prompt);
      const result = await requestSampling(prompt, 'sample', Number(args?.maxTokens ?? 100));
      const text = 'text' in result.content ? result.content.text : JSON.stringify(result.content);
      return { content: [{ type: 'text', text: `Sampled: ${text}` }] };
    }
    throw new Error(`Unknown tool ${name}`);
  });

  return server;
}
