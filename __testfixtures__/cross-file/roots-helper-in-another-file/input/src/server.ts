import { readdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { workspaceFolders } from './lib/workspace.js';

const server = new McpServer({ name: 'files', version: '1.0.0' });

// A roots question asks with no request: the handler calls only the helper's outcome, so the
// import names that one and not the request builder (unused under noUnusedLocals).
server.registerTool('list_files', { inputSchema: z.object({}) }, async () => {
  const [first] = await workspaceFolders(server);
  const names = await readdir(first ?? '.');
  return { content: [{ type: 'text', text: names.join('\n') }] };
});

export { server };
