import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tracker', version: '1.0.0' });

const attempts = new Map<string, number>();

function firstAttempt(issueId: string): boolean {
  const count = (attempts.get(issueId) ?? 0) + 1;
  attempts.set(issueId, count);
  return count === 1;
}

server.registerTool(
  'assign-issue',
  { description: 'Assign an issue', inputSchema: z.object({ issueId: z.string(), assignee: z.string() }) },
  async ({ issueId, assignee }, ctx) => {
    const notify = firstAttempt(issueId) && (await ctx.mcpReq.elicitInput({
      message: `Send ${assignee} a notification about ${issueId}?`,
      requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } }, required: ['notify'] },
    })).content?.notify === true;
    return { content: [{ type: 'text', text: `${issueId} assigned to ${assignee}${notify ? ' (notified)' : ''}` }] };
  },
);
