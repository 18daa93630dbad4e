import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'surveys', version: '1.0.0' });

export const audit: string[] = [];

server.registerTool(
  'survey',
  { description: 'Run a short survey', inputSchema: z.object({ first: z.boolean(), second: z.boolean() }) },
  async ({ first, second }, ctx) => {
    let score = 0;
    try {
      audit.push('survey started');
      if (first) {
        const one = await ctx.mcpReq.elicitInput({
          message: 'Rate the product (1-5)?',
          requestedSchema: { type: 'object', properties: { rating: { type: 'number' } }, required: ['rating'] },
        });
        score += Number(one.content?.rating ?? 0);
      }
      if (second) {
        const two = await ctx.mcpReq.elicitInput({
          message: 'Rate the support (1-5)?',
          requestedSchema: { type: 'object', properties: { rating: { type: 'number' } }, required: ['rating'] },
        });
        score += Number(two.content?.rating ?? 0);
      }
    } catch (error) {
      audit.push(String(error));
    }
    return { content: [{ type: 'text', text: `Score ${score}` }] };
  },
);
