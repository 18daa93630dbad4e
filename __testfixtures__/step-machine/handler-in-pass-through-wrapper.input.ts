import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Logs every call and turns thrown errors into tool errors. */
function withErrorHandling<A>(tool: string, handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
    try {
      const result = await handler(args, ctx);
      console.log('tool call', tool);
      return result;
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `${tool}: ${String(error)}` }] };
    }
  };
}

const BookInput = z.object({ title: z.string() });

server.registerTool(
  'book_meeting',
  { description: 'Book a meeting', inputSchema: BookInput },
  withErrorHandling<z.infer<typeof BookInput>>('book_meeting', async ({ title }, ctx) => {
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
