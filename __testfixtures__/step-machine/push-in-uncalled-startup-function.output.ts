import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'watcher', version: '1.0.0' });

export const knownRoots: string[] = [];

export async function refreshRoots(): Promise<void> {
  // @mcp-mrtr-migrate push-in-helper: server.server.listRoots is made in refreshRoots(), which is not a request handler: refreshRoots() is exported; nothing in this file that reaches it is a handler, and its callers in other modules were not looked for because cross-file mode was off (this run migrated file by file)
  const { roots } = await server.server.listRoots();
  knownRoots.splice(0, knownRoots.length, ...roots.map((root) => root.uri));
}

server.registerTool('known-roots', { description: 'Show the roots seen at start-up' }, async () => {
  return { content: [{ type: 'text', text: knownRoots.join('\n') || 'none' }] };
});
