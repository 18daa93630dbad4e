import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'reviewer', version: '1.0.0' });

server.registerPrompt(
  'code-review',
  { description: 'Review a file', argsSchema: z.object({ file: z.string() }) },
  async ({ file }, ctx) => {
    const style = await ctx.mcpReq.elicitInput({
      message: `How strict should the review of ${file} be?`,
      requestedSchema: {
        type: 'object',
        properties: { level: { type: 'string', enum: ['gentle', 'strict'] } },
        required: ['level'],
      },
    });
    const level = style.action === 'accept' ? String(style.content?.level) : 'gentle';
    return {
      messages: [{ role: 'user', content: { type: 'text', text: `Review ${file} in a ${level} way.` } }],
    };
  },
);
