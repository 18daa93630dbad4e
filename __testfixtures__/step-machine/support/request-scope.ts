// Support module of the alias fixtures (not a fixture itself): request-scoped helpers of a small
// in-house framework. Its transport middleware enters `currentRequest` for every request, so tools
// can ask the client from anywhere without passing the context around. The helpers take the SDK
// method's arguments and return its result, which is what an alias with "params": "same" declares.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CreateMessageRequestParams, ElicitRequestFormParams, ServerContext } from '@modelcontextprotocol/server';

export const currentRequest = new AsyncLocalStorage<ServerContext>();

function scope(): ServerContext {
  const ctx = currentRequest.getStore();
  if (!ctx) throw new Error('not inside a request');
  return ctx;
}

export function elicit(params: ElicitRequestFormParams) {
  return scope().mcpReq.elicitInput(params);
}

export function elicitLabel(message: string) {
  return scope().mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] },
  });
}

export const llm = {
  sample(params: CreateMessageRequestParams) {
    return scope().mcpReq.requestSampling(params);
  },
};
