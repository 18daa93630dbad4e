import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'publisher', version: '1.0.0' });

server.registerTool(
  'publish',
  { description: 'Publish a draft', inputSchema: z.object({ draft: z.string(), force: z.boolean() }) },
  async ({ draft, force }, ctx) => {
    const confirmed =
      force ||
      (!draft.startsWith('wip-') &&
        (
          await ctx.mcpReq.elicitInput({
            message: `Publish ${draft}?`,
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
          })
        ).action === 'accept');
    return { content: [{ type: 'text', text: confirmed ? `Published ${draft}` : `Kept ${draft} as draft` }] };
  },
);
