import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'library', version: '1.0.0' });

server.registerTool(
  'borrow-book',
  { description: 'Borrow a book', inputSchema: z.object({ isbn: z.string() }) },
  async ({ isbn }, ctx) => {
    const weeks = await ctx.mcpReq.elicitInput({
      message: `For how many weeks do you borrow ${isbn}?`,
      requestedSchema: { type: 'object', properties: { weeks: { type: 'integer', minimum: 1, maximum: 6 } }, required: ['weeks'] },
    });
    if (weeks.action !== 'accept') return { content: [{ type: 'text', text: 'Not borrowed' }] };
    return { content: [{ type: 'text', text: `${isbn} borrowed for ${Number(weeks.content?.weeks)} weeks` }] };
  },
);

server.registerTool(
  'recommend-book',
  { description: 'Recommend a book with the client model', inputSchema: z.object({ genre: z.string() }) },
  async ({ genre }, ctx) => {
    const pick = await ctx.mcpReq.requestSampling({
      messages: [{ role: 'user', content: { type: 'text', text: `Recommend one ${genre} book. Title only.` } }],
      maxTokens: 50,
    });
    const block = Array.isArray(pick.content) ? pick.content[0] : pick.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : 'No idea' }] };
  },
);
