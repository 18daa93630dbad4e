import type { McpServer } from '@modelcontextprotocol/server';

/** The client's workspace folders, as paths. */
export async function workspaceFolders(server: McpServer): Promise<string[]> {
  const { roots } = await server.server.listRoots();
  return roots.map((root) => new URL(root.uri).pathname);
}
