import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function registerFeedbackTool(server: McpServer): void {
  server.registerTool(
    'send-feedback',
    { description: 'Send feedback to the team', inputSchema: z.object({ area: z.string() }) },
    async ({ area }, ctx) => {
      const feedback = await ctx.mcpReq.elicitInput({
        message: `Your feedback on ${area}`,
        requestedSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      });
      if (feedback.action !== 'accept') return { content: [{ type: 'text', text: 'No feedback sent' }] };
      return { content: [{ type: 'text', text: `Thanks for the feedback on ${area}` }] };
    },
  );
}
