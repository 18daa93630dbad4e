import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'library', version: '1.0.0' });

interface Book {
  title: string;
  borrower?: { name: string };
}

export const shelf = new Map<string, Book>();

server.registerTool('return-book', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
  const book = shelf.get(id);
  try {
    if (!book || !book.borrower) return { content: [{ type: 'text', text: `${id} is not lent out` }] };
    const answer = await ctx.mcpReq.elicitInput({
      message: `Has ${book.borrower.name} brought back ${book.title}?`,
      requestedSchema: { type: 'object', properties: { back: { type: 'boolean' } }, required: ['back'] },
    });
    if (answer.action !== 'accept' || answer.content?.back !== true) return { content: [{ type: 'text', text: 'Still lent out' }] };
    const who = book.borrower.name;
    book.borrower = undefined;
    return { content: [{ type: 'text', text: `${book.title} is back from ${who}` }] };
  } catch (error) {
    console.error('return-book failed', error);
    throw error;
  }
});
