import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'deep', version: '1.0.0' });

server.registerTool(
  'deep',
  { description: 'Asks seven blocks deep', inputSchema: z.object({ a: z.boolean(), b: z.boolean(), c: z.boolean(), d: z.boolean(), e: z.boolean(), f: z.boolean() }) },
  async ({ a, b, c, d, e, f }, ctx) => {
    if (a) {
      if (b) {
        try {
          if (c) {
            if (d) {
              if (e) {
                if (f) {
                  const answer = await ctx.mcpReq.elicitInput({
                    message: 'Still there?',
                    requestedSchema: { type: 'object', properties: { here: { type: 'boolean' } }, required: ['here'] },
                  });
                  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Gone' }] };
                }
              }
            }
          }
        } catch (error) {
          return { isError: true, content: [{ type: 'text', text: String(error) }] };
        }
      }
    }
    return { content: [{ type: 'text', text: 'Done' }] };
  },
);
