// Jira server: sprint planning in several questions, and work logging.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface Board {
  id: number;
  name: string;
}

interface JiraIssue {
  key: string;
  fields: { summary: string; storyPoints?: number };
}

const jira = new ApiClient({
  baseUrl: process.env.JIRA_BASE_URL ?? 'https://example.atlassian.net/rest/',
  token: process.env.JIRA_API_TOKEN,
});
const log = createLogger('jira');

export function createJiraServer(): McpServer {
  const server = new McpServer({ name: 'jira', version: '2.0.3' });

  server.registerTool(
    'plan_sprint',
    {
      description: 'Create a sprint: pick a board, then pick the backlog issues to pull in',
      inputSchema: z.object({ project: z.string(), sprintName: z.string(), weeks: z.number().int().min(1).max(4).default(2) }),
    },
    async ({ project, sprintName, weeks }, ctx) => {
      const { values: boards } = await jira.get<{ values: Board[] }>(`agile/1.0/board?projectKeyOrId=${project}`);
      if (boards.length === 0) {
        return { isError: true, content: [{ type: 'text', text: `No Scrum board for ${project}` }] };
      }
      const boardChoice = await ctx.mcpReq.elicitInput({
        message: `Which board should "${sprintName}" belong to?`,
        requestedSchema: {
          type: 'object',
          properties: { board: { type: 'string', enum: boards.map((b) => String(b.id)), enumNames: boards.map((b) => b.name) } },
          required: ['board'],
        },
      });
      if (boardChoice.action !== 'accept') return { content: [{ type: 'text', text: 'Sprint planning cancelled' }] };
      const boardId = Number(boardChoice.content?.board);
      const { issues } = await jira.get<{ issues: JiraIssue[] }>(`agile/1.0/board/${boardId}/backlog?maxResults=30`);
      const picked = await ctx.mcpReq.elicitInput({
        message: `Pick the issues for "${sprintName}" (${weeks} weeks)`,
        requestedSchema: {
          type: 'object',
          properties: {
            issues: {
              type: 'array',
              items: { type: 'string', enum: issues.map((i) => i.key) },
              title: issues.map((i) => `${i.key} ${i.fields.summary} (${i.fields.storyPoints ?? '?'} pts)`).join('; '),
            },
          },
          required: ['issues'],
        },
      });
      if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'Sprint planning cancelled' }] };
      const keys = Array.isArray(picked.content?.issues) ? (picked.content.issues as string[]) : [];
      try {
        const start = new Date();
        const end = new Date(start.getTime() + weeks * 7 * 86_400_000);
        const sprint = await jira.post<{ id: number }>('agile/1.0/sprint', {
          name: sprintName,
          originBoardId: boardId,
          startDate: start.toISOString(),
          endDate: end.toISOString(),
        });
        await jira.post(`agile/1.0/sprint/${sprint.id}/issue`, { issues: keys });
        return { content: [{ type: 'text', text: `Sprint ${sprint.id} "${sprintName}" created with ${keys.length} issues` }] };
      } catch (error) {
        log.error('plan_sprint failed', { project, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    },
  );

  server.registerTool(
    'log_work',
    {
      description: 'Log time on an issue',
      inputSchema: z.object({ issueKey: z.string() }),
    },
    async ({ issueKey }, ctx) => {
      const time = await ctx.mcpReq.elicitInput({
        message: `How much time did you spend on ${issueKey}?`,
        requestedSchema: { type: 'object', properties: { timeSpent: { type: 'string', title: 'e.g. 1h 30m' } }, required: ['timeSpent'] },
      });
      const note = await ctx.mcpReq.elicitInput({
        message: 'Anything to add to the work log?',
        requestedSchema: { type: 'object', properties: { comment: { type: 'string' } } },
      });
      if (time.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing logged' }] };
      const comment = note.action === 'accept' ? String(note.content?.comment ?? '') : '';
      await jira.post(`api/3/issue/${issueKey}/worklog`, { timeSpent: time.content?.timeSpent, comment });
      return { content: [{ type: 'text', text: `Logged ${String(time.content?.timeSpent)} on ${issueKey}` }] };
    },
  );

  return server;
}
