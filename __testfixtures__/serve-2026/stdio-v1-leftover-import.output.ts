// Upgraded to v2 but for one v1 utility import with no v2 home (the upgrade reports it): the
// server and its transport are v2, so the stdio serving is rewritten all the same.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  if (validateToolName('ping-notes').isValid) {
    server.registerTool('ping-notes', { description: 'Say hello' }, async () => ({
      content: [{ type: 'text', text: 'hello' }],
    }));
  }
  return server;
}

serveStdio(() => createServer());
