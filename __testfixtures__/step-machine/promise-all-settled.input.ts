import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'survey', version: '1.0.0' });

server.registerTool(
  'feedback',
  { description: 'Collect optional feedback', inputSchema: z.object({ product: z.string() }) },
  async ({ product }, ctx) => {
    const [rating, comment] = await Promise.allSettled([
      ctx.mcpReq.elicitInput({
        message: `Rate ${product} from 1 to 5`,
        requestedSchema: { type: 'object', properties: { stars: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['stars'] },
      }),
      ctx.mcpReq.elicitInput({
        message: 'Anything else?',
        requestedSchema: { type: 'object', properties: { text: { type: 'string' } } },
      }),
    ]);
    const stars = rating.status === 'fulfilled' && rating.value.action === 'accept' ? Number(rating.value.content?.stars) : 0;
    const text = comment.status === 'fulfilled' && comment.value.action === 'accept' ? String(comment.value.content?.text ?? '') : '';
    return { content: [{ type: 'text', text: `${product}: ${stars} stars ${text}`.trim() }] };
  },
);
