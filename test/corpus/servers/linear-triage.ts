// Issue tracker server (Linear-style GraphQL API): assignment and estimates.
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

const linear = new ApiClient({ baseUrl: 'https://api.linear.app/', token: process.env.LINEAR_API_KEY });
const log = createLogger('linear');

async function graphql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await linear.post<{ data: T; errors?: { message: string }[] }>('graphql', { query, variables });
  if (response.errors?.length) throw new Error(response.errors.map((e) => e.message).join('; '));
  return response.data;
}

export function register(server: McpServer): void {
  server.registerTool(
    'estimate_issue',
    {
      description: 'Ask the user for an estimate and store it on the issue',
      inputSchema: z.object({ issueId: z.string() }),
    },
    async ({ issueId }, ctx): Promise<CallToolResult> => {
      return ctx.mcpReq
        .elicitInput({
          message: `Estimate for ${issueId}?`,
          requestedSchema: {
            type: 'object',
            properties: { points: { type: 'string', enum: ['0', '1', '2', '3', '5', '8', '13'] } },
            required: ['points'],
          },
        })
        .then(async (answer): Promise<CallToolResult> => {
          if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No estimate set' }] };
          await graphql('mutation($id: String!, $e: Int!) { issueUpdate(id: $id, input: { estimate: $e }) { success } }', {
            id: issueId,
            e: Number(answer.content?.points),
          });
          return { content: [{ type: 'text', text: `${issueId} estimated at ${String(answer.content?.points)}` }] };
        })
        .catch((error: unknown): CallToolResult => {
          log.error('estimate_issue failed', { issueId, error: errorMessage(error) });
          return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
        });
    },
  );

  server.registerTool(
    'assign_issue',
    {
      description: 'Assign an issue; optionally notify the assignee',
      inputSchema: z.object({ issueId: z.string(), assigneeEmail: z.string().email(), askToNotify: z.boolean().default(true) }),
    },
    async ({ issueId, assigneeEmail, askToNotify }, ctx) => {
      const { users } = await graphql<{ users: { nodes: { id: string; name: string }[] } }>(
        'query($email: String!) { users(filter: { email: { eq: $email } }) { nodes { id name } } }',
        { email: assigneeEmail },
      ).then((data) => ({ users: data.users.nodes }));
      const assignee = users[0];
      if (!assignee) return { isError: true, content: [{ type: 'text', text: `No user with email ${assigneeEmail}` }] };
      const notify =
        askToNotify &&
        (
          await ctx.mcpReq.elicitInput({
            message: `Send ${assignee.name} a notification about ${issueId}?`,
            requestedSchema: { type: 'object', properties: { notify: { type: 'boolean' } }, required: ['notify'] },
          })
        ).content?.notify === true;
      await graphql('mutation($id: String!, $a: String!) { issueUpdate(id: $id, input: { assigneeId: $a }) { success } }', {
        id: issueId,
        a: assignee.id,
      });
      if (notify) await graphql('mutation($id: String!) { notificationSend(issueId: $id) { success } }', { id: issueId });
      return { content: [{ type: 'text', text: `${issueId} assigned to ${assignee.name}${notify ? ' (notified)' : ''}` }] };
    },
  );
}
