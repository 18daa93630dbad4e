import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'watcher', version: '1.0.0' });

export const knownRoots: string[] = [];

server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  // @mcp-mrtr-migrate push-outside-request: server.server.listRoots runs outside any client request: from a notification handler, server.server.setNotificationHandler('notifications/roots/list_changed', …)
  const { roots } = await server.server.listRoots();
  knownRoots.splice(0, knownRoots.length, ...roots.map((root) => root.uri));
});

server.registerTool('known-roots', { description: 'Show the roots the client shared' }, async () => {
  return { content: [{ type: 'text', text: knownRoots.join('\n') || 'none' }] };
});
