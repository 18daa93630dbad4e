import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
// @mcp-mrtr-migrate sdk-upgrade: src/lib/confirm.ts (imported as './lib/confirm.js') imports the v1 SDK and is not in this run: it stays on v1, and a v2 server, request context or type handed to it or taken from it would not fit v1's, so this file is left on v1 as it was (nothing in it migrated, questions included)
import { confirmWith } from './lib/confirm.js';

export const archived: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'archive', version: '1.0.0' });
  server.registerTool(
    'archive_project',
    { description: 'Archive a project', inputSchema: { project: z.string() } },
    async ({ project }) => {
      if (!(await confirmWith(server, `Archive ${project}?`))) return { content: [{ type: 'text', text: 'Kept' }] };
      archived.push(project);
      return { content: [{ type: 'text', text: `Archived ${project}` }] };
    },
  );
  return server;
}
