import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

async function nextFreeSlot(): Promise<string> {
  return '10:00';
}

server.registerTool(
  'book-slot',
  { description: 'Book a slot, offering the next free one until accepted', inputSchema: z.object({ who: z.string() }) },
  async ({ who }, ctx) => {
    let booked = '';
    while (!booked) {
      // Looked up again on every time round: a retry re-entering the loop would look it up once more.
      const slot = await nextFreeSlot();
      // @mcp-mrtr-migrate push-in-loop: ctx.mcpReq.elicitInput in tool handler 'book-slot' is made after code with side effects in the loop body, which would run again when a retry re-enters the loop
      const answer = await ctx.mcpReq.elicitInput({
        message: `Book ${slot} for ${who}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing booked' }] };
      if (answer.content?.ok === true) booked = slot;
    }
    return { content: [{ type: 'text', text: `Booked ${booked}` }] };
  },
);
