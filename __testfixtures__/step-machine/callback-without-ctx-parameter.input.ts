import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'storage', version: '1.0.0' });

server.registerTool(
  'rename-bucket',
  { description: 'Rename a bucket', inputSchema: z.object({ bucket: z.string() }) },
  async ({ bucket }) => {
    const newName = await server.server.elicitInput({
      message: `New name for ${bucket}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 3 } }, required: ['name'] },
    });
    if (newName.action !== 'accept') {
      return { content: [{ type: 'text', text: `${bucket} keeps its name` }] };
    }
    return { content: [{ type: 'text', text: `${bucket} is now ${String(newName.content?.name)}` }] };
  },
);
