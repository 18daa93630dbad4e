import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tracker', version: '1.0.0' });

export const sent: string[] = [];

server.registerTool(
  'assign-issue',
  { description: 'Assign an issue', inputSchema: z.object({ issueId: z.string(), assignee: z.string(), askToNotify: z.boolean() }) },
  async ({ issueId, assignee, askToNotify }, ctx) => {
    const notify =
      askToNotify &&
      (
        await ctx.mcpReq.elicitInput({
          message: `Send ${assignee} a notification about ${issueId}?`,
          requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } }, required: ['notify'] },
        })
      ).content?.notify === true;
    if (notify) sent.push(`${assignee}: ${issueId}`);
    return { content: [{ type: 'text', text: `${issueId} assigned to ${assignee}${notify ? ' (notified)' : ''}` }] };
  },
);
