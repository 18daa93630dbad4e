import { readdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });

async function workspaceRoots(): Promise<string[]> {
  try {
    const { roots } = await server.server.listRoots();
    return roots.map((root) => new URL(root.uri).pathname);
  } catch {
    return [process.cwd()];
  }
}

server.registerTool('list_files', { inputSchema: z.object({}) }, async () => {
  const [first] = await workspaceRoots();
  const names = await readdir(first ?? '.');
  return { content: [{ type: 'text', text: names.join('\n') }] };
});
