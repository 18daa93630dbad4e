// Request scope of our in-house tool kit. useRequestScope() is the middleware: every tool and prompt
// registered on the server afterwards runs inside an AsyncLocalStorage scope holding its server and
// context, so tool code (and the helpers it calls) can ask the user, the model or the client's
// workspace from anywhere, without passing the context down. The helpers take the SDK's own request
// params and options and return the SDK's result; they only find the request for you.
import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  CreateMessageRequestParams,
  ElicitRequestFormParams,
  ElicitRequestURLParams,
  ListRootsRequest,
  McpServer,
  RequestOptions,
  ServerContext,
} from '@modelcontextprotocol/server';
import { createLogger } from './log.js';

interface RequestScope {
  server: McpServer;
  ctx: ServerContext;
}

const storage = new AsyncLocalStorage<RequestScope>();
const log = createLogger('request-scope');

type AnyHandler = (...args: unknown[]) => unknown;

/** Wraps a handler so that it runs in the scope of the request it serves (the context comes last). */
function scoped(server: McpServer, name: string, handler: AnyHandler): AnyHandler {
  return (...args) => {
    const ctx = args[args.length - 1] as ServerContext;
    return storage.run({ server, ctx }, () => {
      log.debug('request scope entered', { name, method: ctx.mcpReq.method });
      return handler(...args);
    });
  };
}

/** Installs the middleware: call it once, right after creating the server, before registering anything. */
export function useRequestScope(server: McpServer): McpServer {
  const registerTool = server.registerTool.bind(server) as (name: string, config: unknown, handler: AnyHandler) => unknown;
  const registerPrompt = server.registerPrompt.bind(server) as (name: string, config: unknown, handler: AnyHandler) => unknown;
  Object.assign(server, {
    registerTool: (name: string, config: unknown, handler: AnyHandler) => registerTool(name, config, scoped(server, name, handler)),
    registerPrompt: (name: string, config: unknown, handler: AnyHandler) => registerPrompt(name, config, scoped(server, name, handler)),
  });
  return server;
}

function current(): RequestScope {
  const scope = storage.getStore();
  if (!scope) throw new Error('askUser/askModel/workspaceRoots called outside a request (did you call useRequestScope(server)?)');
  return scope;
}

/** Asks the user through the client (elicitation); same params and result as ctx.mcpReq.elicitInput. */
export function askUser(params: ElicitRequestFormParams | ElicitRequestURLParams, options?: RequestOptions) {
  return current().ctx.mcpReq.elicitInput(params, options);
}

/** Asks the client's model (sampling); same params and result as ctx.mcpReq.requestSampling. */
export function askModel(params: CreateMessageRequestParams, options?: RequestOptions) {
  return current().ctx.mcpReq.requestSampling(params, options);
}

/** The client's workspace roots; same params and result as server.listRoots. */
export function workspaceRoots(params?: ListRootsRequest['params'], options?: RequestOptions) {
  return current().server.server.listRoots(params, options);
}
