import { readdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });

async function workspaceRoots(): Promise<string[]> {
  try {
    // @mcp-mrtr-migrate push-in-helper: server.server.listRoots is made in helper workspaceRoots(), called by tool handler list_files; it is not lifted into that handler because its roots question sits in a try block, and a roots question is lifted only from a helper that asks it at its top level. Left like this it is dangerous: on 2026-07-28 the request throws and its catch falls back to process.cwd() as the root, so the action runs without asking
    const { roots } = await server.server.listRoots();
    return roots.map((root) => new URL(root.uri).pathname);
  } catch {
    return [process.cwd()];
  }
}

server.registerTool('list_files', { inputSchema: z.object({}) }, async () => {
  // @mcp-mrtr-migrate push-in-helper: tool handler list_files calls workspaceRoots(), whose question (server.server.listRoots) is not migrated: on 2026-07-28 the request throws and its catch falls back to process.cwd() as the root, so the action runs without asking
  const [first] = await workspaceRoots();
  const names = await readdir(first ?? '.');
  return { content: [{ type: 'text', text: names.join('\n') }] };
});
