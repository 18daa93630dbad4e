import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });

async function removeFile(path: string): Promise<void> {
  void path;
}

server.registerTool(
  'delete-file',
  { description: 'Delete a file after confirmation', inputSchema: z.object({ path: z.string() }) },
  async ({ path }, ctx) => {
    const confirmation = await ctx.mcpReq.elicitInput({
      message: `Really delete ${path}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', description: 'Tick to delete' } },
        required: ['confirm'],
      },
    });
    if (confirmation.action === 'decline') {
      return { content: [{ type: 'text', text: `Kept ${path}` }] };
    }
    if (confirmation.action === 'cancel') {
      return { content: [{ type: 'text', text: 'Deletion cancelled' }], isError: true };
    }
    if (confirmation.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Not confirmed; kept ${path}` }] };
    }
    await removeFile(path);
    return { content: [{ type: 'text', text: `Deleted ${path}` }] };
  },
);
