import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'profile', version: '1.0.0' });

server.registerTool(
  'complete-profile',
  { description: 'Complete a profile', inputSchema: z.object({ userId: z.string() }) },
  async ({ userId }, ctx) => {
    const answers = await Promise.all([
      ctx.mcpReq.elicitInput({
        message: 'Your city?',
        requestedSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      }),
      ctx.mcpReq.elicitInput({
        message: 'Your job title?',
        requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      }),
    ]);
    const filled = answers.filter((answer) => answer.action === 'accept').length;
    return { content: [{ type: 'text', text: `${userId}: ${filled} of ${answers.length} fields filled` }] };
  },
);
