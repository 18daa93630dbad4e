import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });

export const removed: string[] = [];

server.registerTool(
  'delete-file',
  { description: 'Delete a file', inputSchema: z.object({ path: z.string(), force: z.boolean() }) },
  async ({ path, force }, ctx) => {
    const confirmed = force || (await ctx.mcpReq.elicitInput({
      message: `Delete ${path}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    })).content?.confirm === true;
    if (!confirmed) return { content: [{ type: 'text', text: `${path} kept` }] };
    removed.push(path);
    return { content: [{ type: 'text', text: `${path} deleted` }] };
  },
);
