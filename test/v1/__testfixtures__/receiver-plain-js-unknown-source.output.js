// Plain JavaScript, the server handed in by a caller of another module: nothing in this file says
// what `server` is (its JSDoc type is any). Its name says it is a server, and that is all there is:
// its calls are rewritten (a bound method too), with a warning that says so (a JSDoc
// `@param {McpServer} server` would prove it).
import { McpServer } from '@modelcontextprotocol/server';

/** @param {unknown} value */
const text = (value) => ({ content: [{ type: /** @type {const} */ ('text'), text: String(value) }] });

/** Kept for its type: the caller builds the server. */
export const Server = McpServer;

/** @param {any} server */
export function registerTools(server) {
  // @mcp-mrtr-migrate sdk-upgrade: server.tool(…) and 1 more call on it rewritten to the v2 registration by the receiver's name alone: nothing proves that server is the SDK's McpServer (server is a parameter of type any; the type checker, with this project's dependencies, does not know its type either)
  server.registerTool('ping', {}, async () => text('pong'));
  server.registerTool('now', { description: 'The time on the server' }, async () => text(new Date().toISOString()));
  // @mcp-mrtr-migrate sdk-upgrade: server.prompt.bind(server) and its calls rewritten to v2's registerPrompt by the receiver's name alone: nothing proves that server is the SDK's McpServer (server is a parameter of type any; the type checker, with this project's dependencies, does not know its type either)
  const prompt = server.registerPrompt.bind(server);
  prompt('hello', {}, () => ({ messages: [{ role: /** @type {const} */ ('user'), content: { type: /** @type {const} */ ('text'), text: 'Hello' } }] }));
}
