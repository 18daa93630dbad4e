import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'leftovers', version: '1.0.0' }, { capabilities: { logging: {} } });
  let level = 'info';
  let roots: string[] = [];

  // @mcp-mrtr-migrate logging-set-level-handler: logging/setLevel handler: on 2026-07-28 the level arrives with every request (_meta io.modelcontextprotocol/logLevel), not per session
  server.server.setRequestHandler('logging/setLevel', async (request) => {
    level = request.params.level;
    return {};
  });

  // @mcp-mrtr-migrate roots-list-changed-handler: notifications/roots/list_changed handler: 2026-07-28 has no sessions, so this notification never arrives there
  server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
    roots = [];
  });

  // @mcp-mrtr-migrate oninitialized-roots: oninitialized asks the client for its roots: 2026-07-28 has no initialize handshake, so this hook never runs there
  server.server.oninitialized = async () => {
    const result = await server.server.listRoots();
    roots = result.roots.map((root) => root.uri);
  };

  server.registerTool('health', { description: 'Is the client still there?' }, async () => {
    // @mcp-mrtr-migrate server-ping: server.server.ping(): a server cannot send requests to the client under 2026-07-28; the v2 SDK throws here when the request is served on that revision
    await server.server.ping();
    return { content: [{ type: 'text', text: `ok (${level}, ${roots.length} roots)` }] };
  });
  return server;
}
