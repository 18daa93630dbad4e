// Plain JavaScript, the server handed in by a caller of another module: nothing in this file says
// what `server` is (its JSDoc type is any). Its name says it is a server, and that is all there is:
// its calls are rewritten (a bound method too), with a warning that says so (a JSDoc
// `@param {McpServer} server` would prove it).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** @param {unknown} value */
const text = (value) => ({ content: [{ type: /** @type {const} */ ('text'), text: String(value) }] });

/** Kept for its type: the caller builds the server. */
export const Server = McpServer;

/** @param {any} server */
export function registerTools(server) {
  server.tool('ping', async () => text('pong'));
  server.tool('now', 'The time on the server', async () => text(new Date().toISOString()));
  const prompt = server.prompt.bind(server);
  prompt('hello', () => ({ messages: [{ role: /** @type {const} */ ('user'), content: { type: /** @type {const} */ ('text'), text: 'Hello' } }] }));
}
