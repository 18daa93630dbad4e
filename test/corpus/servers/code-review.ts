// Code review assistant: reviews files of the user's workspace with the client's model and posts
// reviews to GitLab merge requests. Built on the team's request-scoped kit (lib/request-scope.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';
import { askModel, askUser, useRequestScope, workspaceRoots } from './lib/request-scope.js';

const gitlab = new ApiClient({ baseUrl: 'https://gitlab.example.com/api/v4/', token: process.env.GITLAB_TOKEN });
const log = createLogger('code-review');
const MAX_FILE_BYTES = 48_000;

/** Sampling fails now and then on busy clients; a second try usually works. */
async function withRetry<T>(attempt: () => Promise<T>, tries = 2): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      log.warn('retrying', { attempt: i, error: errorMessage(error) });
    }
  }
}

const server = new McpServer({ name: 'code-review', version: '0.9.3' });
useRequestScope(server);

server.registerTool(
  'review_file',
  { description: 'Review one file of the workspace', inputSchema: z.object({ file: z.string() }) },
  async ({ file }) => {
    let base = process.cwd();
    if (server.server.getClientCapabilities()?.roots) {
      const { roots } = await workspaceRoots();
      const dirs = roots.map((root) => fileURLToPath(root.uri));
      const owner = dirs.find((dir) => path.resolve(dir, file).startsWith(dir + path.sep));
      if (!owner) return { isError: true, content: [{ type: 'text', text: `${file} is outside the workspace (${dirs.join(', ')})` }] };
      base = owner;
    }
    const source = (await readFile(path.resolve(base, file), 'utf8')).slice(0, MAX_FILE_BYTES);
    const review = await askModel({
      systemPrompt: 'You are a strict but kind reviewer. List concrete problems with line numbers; no praise.',
      messages: [{ role: 'user', content: { type: 'text', text: `Review ${file}:\n\n${source}` } }],
      maxTokens: 1200,
    });
    const block = Array.isArray(review.content) ? review.content[0] : review.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : 'The model returned no text' }] };
  },
);

server.registerTool(
  'publish_review',
  {
    description: 'Post a review to a merge request as a draft, then publish it when the user agrees',
    inputSchema: z.object({ project: z.string(), mergeRequest: z.number().int(), body: z.string() }),
  },
  async ({ project, mergeRequest, body }) => {
    const notes = `projects/${encodeURIComponent(project)}/merge_requests/${mergeRequest}/draft_notes`;
    try {
      const draft = await gitlab.post<{ id: number }>(notes, { note: body });
      log.info('draft note created', { project, mergeRequest, draft: draft.id });
      const answer = await askUser({
        message: `The review is saved as a draft on !${mergeRequest}. Publish it now?`,
        requestedSchema: {
          type: 'object',
          properties: { publish: { type: 'boolean', title: 'Publish', default: true } },
          required: ['publish'],
        },
      });
      if (answer.action !== 'accept' || !answer.content?.publish) {
        return { content: [{ type: 'text', text: `Draft ${draft.id} kept unpublished on !${mergeRequest}` }] };
      }
      await gitlab.post(`${notes}/${draft.id}/publish`, {});
      return { content: [{ type: 'text', text: `Review published on !${mergeRequest}` }] };
    } catch (error) {
      const reason = error instanceof ApiError ? `GitLab answered ${error.status}` : errorMessage(error);
      log.error('publishing failed', { project, mergeRequest, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: `Could not post the review: ${reason}` }] };
    }
  },
);

server.registerTool(
  'summarize_diff',
  { description: 'Summarize a unified diff for a merge request description', inputSchema: z.object({ diff: z.string() }) },
  async ({ diff }) => {
    const result = await withRetry(() =>
      askModel({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize this change for reviewers:\n${diff}` } }],
        maxTokens: 400,
      }),
    );
    const block = Array.isArray(result.content) ? result.content[0] : result.content;
    return { content: [{ type: 'text', text: block?.type === 'text' ? block.text : '' }] };
  },
);

server.registerPrompt(
  'review_checklist',
  { description: 'A review checklist for the areas the reviewer picks', argsSchema: z.object({ language: z.string() }) },
  async ({ language }) => {
    const answer = await askUser({
      message: `Which areas should the ${language} review focus on?`,
      requestedSchema: {
        type: 'object',
        properties: { areas: { type: 'string', title: 'Areas (comma separated)', default: 'correctness, tests, naming' } },
      },
    });
    const areas = answer.action === 'accept' && typeof answer.content?.areas === 'string' ? answer.content.areas : 'correctness, tests';
    return {
      messages: [{ role: 'user', content: { type: 'text', text: `Review this ${language} change. Check in turn: ${areas}.` } }],
    };
  },
);

export { server };
