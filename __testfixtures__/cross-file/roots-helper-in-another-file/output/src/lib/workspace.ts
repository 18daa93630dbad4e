import { type McpServer, type ListRootsResult } from '@modelcontextprotocol/server';

/** The client's workspace folders, as paths. */
export async function workspaceFolders(server: McpServer): Promise<string[]> {
  // @mcp-mrtr-migrate push-in-helper: server.server.listRoots is made in helper workspaceFolders(), whose question was lifted into the handlers migrated so far (they use workspaceFoldersParams() instead); workspaceFolders() itself still asks, for the callers it has left or because it is exported
  const { roots } = await server.server.listRoots();
  return roots.map((root) => new URL(root.uri).pathname);
}

/** The request workspaceFolders() asks with (its code before the question). */
export function workspaceFoldersParams() {
  return {};
}

/** What workspaceFolders() does with the answer (its code after the question). */
export function workspaceFoldersOutcome({ roots }: ListRootsResult): string[] {
  return roots.map((root) => new URL(root.uri).pathname);
}
