import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'poll', version: '1.0.0' });

server.registerTool(
  'quick-poll',
  { description: 'Ask one poll question', inputSchema: z.object({ question: z.string() }) },
  async ({ question }, ctx) => {
    const text = `You answered: ${(await ctx.mcpReq.elicitInput({
      message: question,
      requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    })).action}`;
    return { content: [{ type: 'text', text }] };
  },
);
