import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'leftovers', version: '1.0.0' }, { capabilities: { logging: {} } });
  let level = 'info';
  let roots: string[] = [];

  server.server.setRequestHandler('logging/setLevel', async (request) => {
    level = request.params.level;
    return {};
  });

  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    roots = [];
  });

  server.server.oninitialized = async () => {
    const result = await server.server.listRoots();
    roots = result.roots.map((root) => root.uri);
  };

  server.registerTool('health', { description: 'Is the client still there?' }, async () => {
    await server.server.ping();
    return { content: [{ type: 'text', text: `ok (${level}, ${roots.length} roots)` }] };
  });
  return server;
}
