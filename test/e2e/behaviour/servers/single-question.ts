// One question, straight line, with separate branches for decline and cancel and a check of the
// accepted content. Side effects before the question (stat) and after it (remove, audit).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

interface FileInfo {
  path: string;
  size: number;
}

async function statFile(path: string): Promise<FileInfo> {
  effects.push(`stat:${path}`);
  return { path, size: path.length * 100 };
}

async function removeFile(info: FileInfo): Promise<void> {
  effects.push(`rm:${info.path}`);
}

async function audit(event: string): Promise<void> {
  effects.push(`audit:${event}`);
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });

  server.registerTool(
    'delete-file',
    {
      description: 'Delete a file after the user confirms',
      inputSchema: z.object({ path: z.string() }),
    },
    async ({ path }, ctx) => {
      const info = await statFile(path);
      const answer = await ctx.mcpReq.elicitInput({
        message: `Delete ${path} (${info.size} bytes)?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', description: 'Really delete the file' } },
          required: ['confirm'],
        },
      });
      if (answer.action === 'decline') {
        await audit(`declined:${path}`);
        return { content: [{ type: 'text', text: `Kept ${path}` }] };
      }
      if (answer.action === 'cancel') {
        return { content: [{ type: 'text', text: 'Cancelled by the user' }], isError: true };
      }
      if (answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: `Not confirmed; ${path} kept` }] };
      }
      await removeFile(info);
      await audit(`deleted:${path}`);
      return { content: [{ type: 'text', text: `Deleted ${path} (${info.size} bytes)` }] };
    },
  );

  return server;
}
