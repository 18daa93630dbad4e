import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function archiveReply(ctx: ServerContext, title: string, pinned: boolean): Promise<CallToolResult> {
  if (!pinned) return { content: [{ type: 'text', text: `Archived ${title}` }] };
  const answer = await ctx.mcpReq.elicitInput({
    message: `${title} is pinned. Archive it anyway?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  });
  const archived = answer.action === 'accept' && answer.content?.archive === true;
  return { content: [{ type: 'text', text: archived ? `Archived ${title}` : `Kept ${title}` }] };
}

server.registerTool(
  'archive_note',
  { description: 'Archive a note', inputSchema: z.object({ title: z.string(), pinned: z.boolean() }) },
  async ({ title, pinned }, ctx) => {
    if (title.trim() === '') return { isError: true, content: [{ type: 'text', text: 'A title is needed' }] };
    return await archiveReply(ctx, title.trim(), pinned);
  },
);
