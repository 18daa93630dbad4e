import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'calendar', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>;

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

type BookMeetingState = { step: 'book' };
server.registerTool(
  'book_meeting',
  { description: 'Book a meeting', inputSchema: BookInput },
  withErrorHandling<z.infer<typeof BookInput>>('book_meeting', async ({ title }, ctx) => {
    let state = await mrtrState.resume<BookMeetingState>(ctx, 'book_meeting', { title });
    state ??= { step: 'book' };
    const bookRequest: ElicitRequestFormParams = {
      message: `Book "${title}"?`,
      requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
    };
    const answer = elicitAnswer(ctx, 'book', bookRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          book: inputRequired.elicit(bookRequest),
        },
        requestState: await mrtrState.mint(ctx, 'book_meeting', { title }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.book !== true) {
      return { content: [{ type: 'text', text: 'Not booked' }] };
    }
    return { content: [{ type: 'text', text: `Booked "${title}"` }] };
  }),
);
