import { AsyncLocalStorage } from 'node:async_hooks';
import type { ElicitRequestFormParams, ServerContext } from '@modelcontextprotocol/server';

export const requestContext = new AsyncLocalStorage<ServerContext>();

export function askUser(params: ElicitRequestFormParams) {
  const ctx = requestContext.getStore();
  if (!ctx) throw new Error('askUser() called outside a request');
  return ctx.mcpReq.elicitInput(params);
}
