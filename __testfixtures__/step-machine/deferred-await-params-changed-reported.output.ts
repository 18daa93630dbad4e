import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pager', version: '1.0.0' });

server.registerTool(
  'page-team',
  { description: 'Page a team', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    let label = team;
    // @mcp-mrtr-migrate push-not-awaited: ctx.mcpReq.elicitInput in tool handler 'page-team' is started into a local and not awaited right away; it can move to the await only when the promise is awaited once, later in the same block, and the params read nothing the code in between changes
    const pending = ctx.mcpReq.elicitInput({
      message: `Escalate ${label}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    // Asking at the await would show the changed label: the question would differ.
    label = label.toUpperCase();
    const answer = await pending;
    return { content: [{ type: 'text', text: `${label}: ${answer.action}` }] };
  },
);
