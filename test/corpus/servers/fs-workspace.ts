// Filesystem server: file access limited to the directories the client shares as roots.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createLogger, errorMessage } from './lib/log.js';

const log = createLogger('filesystem');

/** Directories the server may touch: command-line arguments, replaced by the client's roots when it has any. */
export const allowedDirectories: string[] = process.argv.slice(2).map((dir) => path.resolve(dir));

function isAllowed(target: string): boolean {
  const resolved = path.resolve(target);
  return allowedDirectories.some((dir) => resolved === dir || resolved.startsWith(dir + path.sep));
}

const server = new McpServer({ name: 'filesystem', version: '0.6.2' });

async function syncRootsFromClient(reason: string): Promise<void> {
  try {
    const { roots } = await server.server.listRoots();
    const dirs = roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
    if (dirs.length > 0) allowedDirectories.splice(0, allowedDirectories.length, ...dirs);
    log.info('roots synced', { reason, count: dirs.length });
  } catch (error) {
    log.warn('client roots unavailable, keeping command-line directories', { reason, error: errorMessage(error) });
  }
}

server.server.oninitialized = () => {
  if (server.server.getClientCapabilities()?.roots) void syncRootsFromClient('initialized');
};

server.server.setNotificationHandler('notifications/roots/list_changed', async () => {
  await syncRootsFromClient('list_changed');
});

server.registerTool(
  'list_allowed_directories',
  { description: 'List the directories this server can access, refreshed from the client when possible' },
  async () => {
    if (server.server.getClientCapabilities()?.roots) {
      const { roots } = await server.server.listRoots();
      const dirs = roots.filter((root) => root.uri.startsWith('file://')).map((root) => fileURLToPath(root.uri));
      if (dirs.length > 0) allowedDirectories.splice(0, allowedDirectories.length, ...dirs);
    }
    return { content: [{ type: 'text', text: allowedDirectories.join('\n') || '(none)' }] };
  },
);

server.registerTool(
  'read_text_file',
  { description: 'Read a UTF-8 file', inputSchema: z.object({ path: z.string(), head: z.number().int().optional() }) },
  async ({ path: file, head }) => {
    if (!isAllowed(file)) return { isError: true, content: [{ type: 'text', text: `Access denied: ${file}` }] };
    const text = await readFile(file, 'utf8');
    return { content: [{ type: 'text', text: head ? text.split('\n').slice(0, head).join('\n') : text }] };
  },
);

server.registerTool(
  'list_directory',
  { description: 'List a directory', inputSchema: z.object({ path: z.string() }) },
  async ({ path: dir }) => {
    if (!isAllowed(dir)) return { isError: true, content: [{ type: 'text', text: `Access denied: ${dir}` }] };
    const entries = await readdir(dir);
    const lines = await Promise.all(entries.map(async (name) => `${(await stat(path.join(dir, name))).isDirectory() ? '[DIR]' : '[FILE]'} ${name}`));
    return { content: [{ type: 'text', text: lines.join('\n') }] };
  },
);

export default server;
