import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Tries the handler once more when it throws. */
function withRetry<A>(handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
    try {
      return await handler(args, ctx);
    } catch {
      return await handler(args, ctx);
    }
  };
}

const BookInput = z.object({ title: z.string() });

server.registerTool(
  'book_meeting',
  { description: 'Book a meeting', inputSchema: BookInput },
  withRetry<z.infer<typeof BookInput>>(async ({ title }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Book "${title}"?`,
      requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
    });
    if (answer.action !== 'accept' || answer.content?.book !== true) {
      return { content: [{ type: 'text', text: 'Not booked' }] };
    }
    return { content: [{ type: 'text', text: `Booked "${title}"` }] };
  }),
);
