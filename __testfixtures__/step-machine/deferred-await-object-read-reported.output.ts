import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'drafts', version: '1.0.0' });

async function polish(draft: { title: string }): Promise<void> {
  draft.title = draft.title.trim();
}

server.registerTool(
  'publish-draft',
  { description: 'Publish a draft', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    const draft = { title };
    // @mcp-mrtr-migrate push-not-awaited: ctx.mcpReq.elicitInput in tool handler 'publish-draft': the request is started into pending and awaited later, and its params read draft, which the statements in between may change in place
    const pending = ctx.mcpReq.elicitInput({
      message: `Publish "${draft.title}"?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    // polish() changes draft in place without assigning it: only its type tells.
    await polish(draft);
    const answer = await pending;
    return { content: [{ type: 'text', text: `${draft.title}: ${answer.action}` }] };
  },
);
