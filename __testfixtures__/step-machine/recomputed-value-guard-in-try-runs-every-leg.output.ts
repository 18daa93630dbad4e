import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'library', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Book {
  title: string;
  borrower?: { name: string };
}

export const shelf = new Map<string, Book>();

type ReturnBookState = { step: 'back' };
server.registerTool('return-book', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const resumed = await mrtrState.resume<ReturnBookState>(ctx, 'return-book', { id });
  const book = shelf.get(id);
  try {
    if (!book || !book.borrower) return { content: [{ type: 'text', text: `${id} is not lent out` }] };
    let state = resumed;
    state ??= { step: 'back' };
    const backRequest: ElicitRequestFormParams = {
      message: `Has ${book.borrower.name} brought back ${book.title}?`,
      requestedSchema: { type: 'object', properties: { back: { type: 'boolean' } }, required: ['back'] },
    };
    const answer = elicitAnswer(ctx, 'back', backRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          back: inputRequired.elicit(backRequest),
        },
        requestState: await mrtrState.mint(ctx, 'return-book', { id }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.back !== true) return { content: [{ type: 'text', text: 'Still lent out' }] };
    const who = book.borrower.name;
    book.borrower = undefined;
    return { content: [{ type: 'text', text: `${book.title} is back from ${who}` }] };
  } catch (error) {
    console.error('return-book failed', error);
    throw error;
  }
});
