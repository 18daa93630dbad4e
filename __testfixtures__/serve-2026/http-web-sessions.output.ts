import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function createServer(): McpServer {
  const server = new McpServer({ name: 'edge', version: '1.0.0' });
  server.registerTool('now', { description: 'The time' }, async () => ({
    content: [{ type: 'text', text: new Date().toISOString() }],
  }));
  return server;
}

const mcpHandler = createMcpHandler(() => createServer());

export default {
  async fetch(request: Request): Promise<Response> {
    return mcpHandler.fetch(request);
  },
};
