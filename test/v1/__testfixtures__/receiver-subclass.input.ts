// A subclass of McpServer registering through `this` and `super`: its tool and prompt are the SDK's,
// so the calls are rewritten like any other (an instance of it too).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

class KonnectServer extends McpServer {
  constructor() {
    super({ name: 'konnect', version: '1.0.0' });
    this.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  }

  registerAll(): void {
    this.tool('echo', 'Echoes the text', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    super.prompt('greet', () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }] }));
  }
}

const server = new KonnectServer();
server.registerAll();
server.resource('status', 'status://konnect', async (uri) => ({ contents: [{ uri: uri.href, text: 'ok' }] }));
