// The tool reaches handleDelete through a table looked up by name: a way the run does not follow.
import { McpServer, type Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { handleDelete } from './tools/delete.js';

type Run = (server: Server, args: { name: string }) => Promise<{ content: { type: 'text'; text: string }[] }>;
const table: Record<string, Run> = { delete: handleDelete };

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('delete', { inputSchema: z.object({ name: z.string() }) }, async (args) => table['delete']!(server.server, args));

export { server };
