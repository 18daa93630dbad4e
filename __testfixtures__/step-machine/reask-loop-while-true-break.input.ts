import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'quiz', version: '1.0.0' });

server.registerTool(
  'ask-answer',
  { description: 'Ask until the answer is right or the user gives up', inputSchema: z.object({ question: z.string(), answer: z.number() }) },
  async ({ question, answer }, ctx) => {
    const wrong: number[] = [];
    for (;;) {
      const guess = await ctx.mcpReq.elicitInput({
        message: wrong.length > 0 ? `${question} (not ${wrong.join(', ')})` : question,
        requestedSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
      });
      if (guess.action !== 'accept') return { content: [{ type: 'text', text: 'Gave up' }] };
      if (guess.content?.value === answer) break;
      wrong.push(Number(guess.content?.value));
    }
    return { content: [{ type: 'text', text: `Right after ${wrong.length} wrong guesses` }] };
  },
);
