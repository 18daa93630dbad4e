import { AsyncLocalStorage } from 'node:async_hooks';
import type { ElicitRequestFormParams, ServerContext } from '@modelcontextprotocol/server';

export const requestContext = new AsyncLocalStorage<ServerContext>();

export function askUser(params: ElicitRequestFormParams) {
  const ctx = requestContext.getStore();
  if (!ctx) throw new Error('askUser() called outside a request');
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in askUser(), which the configuration declares as an elicitation alias: calls of askUser() in handlers are migrated (or reported) where they are, but askUser() itself still asks by push, which throws on a 2026-07-28 request
  return ctx.mcpReq.elicitInput(params);
}
