import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'calendar', version: '1.0.0' });

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Stamps every result with the time it took. */
function timed<A>(handler: Handler<A>): Handler<A> {
  return async (args, ctx) => {
    const started = Date.now();
    const result = await handler(args, ctx);
    return { ...result, _meta: { ms: Date.now() - started } };
  };
}

const BookInput = z.object({ title: z.string() });

server.registerTool(
  'book_meeting',
  { description: 'Book a meeting', inputSchema: BookInput },
  timed<z.infer<typeof BookInput>>(async ({ title }, ctx) => {
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput is in a request handler, but the handler is registered through timed(), which does something with the handler's result (result) besides returning it
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
