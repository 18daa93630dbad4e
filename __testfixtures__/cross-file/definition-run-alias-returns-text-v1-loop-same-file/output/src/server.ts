import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, isInputRequiredResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

type ToolHandler = (args: { city: string }, extra: any) => Promise<string | InputRequiredResult>;

interface ToolDefinition {
  name: string;
  description: string;
  shape: Record<string, any>;
  run: ToolHandler;
}

const server = new McpServer({ name: 'hotel', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type BookRoomState = { step: 'book' };
const tools: ToolDefinition[] = [
  {
    name: 'book_room',
    description: 'Book a hotel room',
    shape: { city: z.string() },
    run: async ({ city }, ctx: ServerContext) => {
      let state = await mrtrState.resume<BookRoomState>(ctx, 'book_room', { city });
      state ??= { step: 'book' };
      const bookRequest: ElicitRequestFormParams = {
        message: `Book a room in ${city}?`,
        requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
      };
      const answer = elicitAnswer(ctx, 'book', bookRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            book: inputRequired.elicit(bookRequest),
          },
          requestState: await mrtrState.mint(ctx, 'book_room', { city }, state),
        });
      }
      return answer.action === 'accept' ? `Booked in ${city}` : 'Not booked';
    },
  },
];

for (const t of tools) {
  server.registerTool(t.name, { description: t.description, inputSchema: t.shape }, async (args: any, ctx: any) => {
    const text = await t.run(args, ctx);
    if (isInputRequiredResult(text)) return text;
    return { content: [{ type: 'text', text }] };
  });
}
