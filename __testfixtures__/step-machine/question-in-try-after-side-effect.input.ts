import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'mailer2', version: '1.0.0' });

export const sent: string[] = [];

server.registerTool(
  'send-newsletter',
  { description: 'Send the newsletter', inputSchema: z.object({ issue: z.number() }) },
  async ({ issue }, ctx) => {
    try {
      sent.push(`preview of issue ${issue}`);
      const go = await ctx.mcpReq.elicitInput({
        message: `Preview sent. Send issue ${issue} to everyone?`,
        requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
      });
      if (go.action !== 'accept') return { content: [{ type: 'text', text: 'Not sent' }] };
      sent.push(`issue ${issue}`);
      return { content: [{ type: 'text', text: `Issue ${issue} sent` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `Failed: ${String(error)}` }], isError: true };
    }
  },
);
