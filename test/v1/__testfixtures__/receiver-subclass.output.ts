// A subclass of McpServer registering through `this` and `super`: its tool and prompt are the SDK's,
// so the calls are rewritten like any other (an instance of it too).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

class KonnectServer extends McpServer {
  constructor() {
    super({ name: 'konnect', version: '1.0.0' });
    this.registerTool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  }

  registerAll(): void {
    this.registerTool('echo', { description: 'Echoes the text', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
    super.registerPrompt('greet', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello' } }] }));
  }
}

const server = new KonnectServer();
server.registerAll();
server.registerResource('status', 'status://konnect', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'ok' }] }));
