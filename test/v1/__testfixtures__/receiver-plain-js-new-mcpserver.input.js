// Plain JavaScript (no types): the servers are constructed from the SDK's McpServer in this file (by
// a factory, in a field), so their registrations are the SDK's; the store's own `tool` is not.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

class ToolStore {
  constructor() {
    /** @type {string[]} */
    this.names = [];
  }
  /** @param {string} name @param {() => string} describe */
  tool(name, describe) {
    this.names.push(`${name}: ${describe()}`);
  }
}

function createServer() {
  return new McpServer({ name: 'plain', version: '1.0.0' });
}

const store = new ToolStore();
const server = createServer();

store.tool('ping', () => 'answers pong');
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
server.resource('names', 'names://all', async (uri) => ({ contents: [{ uri: uri.href, text: store.names.join('\n') }] }));

class App {
  constructor() {
    this.server = new McpServer({ name: 'app', version: '1.0.0' });
  }

  start() {
    this.server.prompt('hello', () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }] }));
    return this.server;
  }
}

export const app = new App().start();
