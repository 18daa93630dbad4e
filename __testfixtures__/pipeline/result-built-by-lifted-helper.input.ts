import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

// The helper asks and builds the result; the handler returns its call. The step machine lifts the
// helper, so the returned expression is rewritten: result-type's marker must still sit on that
// `return` (where a second run reports it), not above the registration.
async function archiveReply(ctx: ServerContext, title: string): Promise<CallToolResult> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Archive ${title}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  const archived = answer.action === 'accept' && answer.content?.confirm === true;
  return { content: [{ type: 'text', text: archived ? `Archived ${title}` : `Kept ${title}` }] };
}

server.registerTool(
  'archive_note',
  { description: 'Archive a note', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    return await archiveReply(ctx, title.trim());
  },
);
