import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pager', version: '1.0.0' });

server.registerTool(
  'page-team',
  { description: 'Page a team', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    let label = team;
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
