import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
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
