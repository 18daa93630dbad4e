import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('ping-notes', { description: 'Say hello' }, async () => ({
    content: [{ type: 'text', text: 'hello' }],
  }));
  return server;
}

// Serve over stdio.
serveStdio(() => createServer());
console.error('notes server running on stdio');
