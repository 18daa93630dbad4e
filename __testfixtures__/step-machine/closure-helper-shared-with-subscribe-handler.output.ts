import { Server, type CreateMessageRequest, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

export const subscriptions = new Set<string>();

export function createServer(): Server {
  const server = new Server({ name: 'everything', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {}, resources: { subscribe: true } } });

  // Shared by a tool and by the subscribe handler, which cannot answer with an input request.
  const requestSampling = async (context: string, uri: string, maxTokens = 100) => {
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: `Resource ${uri} context: ${context}` } }],
        maxTokens,
      },
    };
    // @mcp-mrtr-migrate push-in-helper: server.request is made in helper requestSampling(), whose question was lifted into the handlers migrated so far (they use requestSamplingParams() instead); requestSampling() itself still asks, for the callers it has left or because it is exported
    return await server.request(request);
  };

  /** The request requestSampling() asks with (its code before the question). */
  function requestSamplingParams(context: string, uri: string, maxTokens = 100): CreateMessageRequestParams {
    const request: CreateMessageRequest = {
      method: 'sampling/createMessage',
      params: {
        messages: [{ role: 'user', content: { type: 'text', text: `Resource ${uri} context: ${context}` } }],
        maxTokens,
      },
    };
    return request.params;
  }

  server.setRequestHandler('resources/subscribe', async (request) => {
    subscriptions.add(request.params.uri);
    // @mcp-mrtr-migrate push-outside-request: requestSampling() (asks through server.request) in request handler resources/subscribe: only tools/call, prompts/get and resources/read may ask the client for input under 2026-07-28
    await requestSampling('A new subscription was started', request.params.uri);
    return {};
  });

  type ToolsCallState = { step: 'sampling' };
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const resumed = await mrtrState.resume<ToolsCallState>(ctx, request.params.name, request.params.arguments ?? {});
    const { name, arguments: args } = request.params;
    if (name === 'echo') {
      return { content: [{ type: 'text', text: String(args?.message) }] };
    }
    if (name === 'sample') {
      const prompt = String(args?.prompt);
      let state = resumed;
      state ??= { step: 'sampling' };
      const samplingRequest: CreateMessageRequestParams = requestSamplingParams(prompt, 'sample', Number(args?.maxTokens ?? 100));
      const result = samplingAnswer(ctx, 'sampling');
      if (result === undefined) {
        return inputRequired({
          inputRequests: {
            sampling: inputRequired.createMessage(samplingRequest),
          },
          requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, state),
        });
      }
      const text = 'text' in result.content ? result.content.text : JSON.stringify(result.content);
      return { content: [{ type: 'text', text: `Sampled: ${text}` }] };
    }
    throw new Error(`Unknown tool ${name}`);
  });

  return server;
}
