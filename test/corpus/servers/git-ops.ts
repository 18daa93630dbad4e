// Git hosting server: pull requests and branch clean-up for a self-hosted forge.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface Branch {
  name: string;
  protected: boolean;
  commit: { id: string; message: string; authored_date: string };
}

const forge = new ApiClient({ baseUrl: process.env.FORGE_URL ?? 'https://git.example.com/api/v4/', token: process.env.FORGE_TOKEN });
const log = createLogger('git-ops');

async function askForBranch(ctx: ServerContext, question: string, branches: Branch[]): Promise<string | undefined> {
  const names = branches.filter((b) => !b.protected).map((b) => b.name);
  const answer = await ctx.mcpReq.elicitInput({
    message: question,
    requestedSchema: {
      type: 'object',
      properties: { branch: { type: 'string', enum: names, title: 'Branch' } },
      required: ['branch'],
    },
  });
  if (answer.action !== 'accept' || typeof answer.content?.branch !== 'string') return undefined;
  return answer.content.branch;
}

export function createForgeServer(): McpServer {
  const server = new McpServer({ name: 'forge', version: '2.2.0' });

  server.registerTool(
    'create_pull_request',
    {
      description: 'Open a pull request from a branch the user picks; the description is drafted by the client model',
      inputSchema: z.object({ project: z.string(), target: z.string().default('main') }),
    },
    async ({ project, target }, ctx) => {
      const id = encodeURIComponent(project);
      const branches = await forge.get<Branch[]>(`projects/${id}/repository/branches?per_page=100`);
      const source = await askForBranch(ctx, `Which branch should be merged into ${target}?`, branches);
      if (!source) return { content: [{ type: 'text', text: 'No pull request opened' }] };
      const compare = await forge.get<{ commits: { title: string }[]; diffs: { new_path: string }[] }>(
        `projects/${id}/repository/compare?from=${target}&to=${encodeURIComponent(source)}`,
      );
      const draft = await ctx.mcpReq.send({
        method: 'sampling/createMessage',
        params: {
          systemPrompt: 'Write a pull request description: a summary paragraph, then a bullet list of changes.',
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Branch ${source} into ${target}.\nCommits:\n${compare.commits.map((c) => `- ${c.title}`).join('\n')}\nFiles: ${compare.diffs.map((d) => d.new_path).join(', ')}`,
              },
            },
          ],
          maxTokens: 700,
        },
      });
      const block = Array.isArray(draft.content) ? draft.content[0] : draft.content;
      const description = block?.type === 'text' ? block.text : '';
      try {
        const mr = await forge.post<{ iid: number; web_url: string }>(`projects/${id}/merge_requests`, {
          source_branch: source,
          target_branch: target,
          title: compare.commits[0]?.title ?? source,
          description,
        });
        return { content: [{ type: 'text', text: `Opened !${mr.iid}: ${mr.web_url}` }] };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          return { isError: true, content: [{ type: 'text', text: `A pull request from ${source} already exists` }] };
        }
        log.error('create_pull_request failed', { project, error: errorMessage(error) });
        return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
      }
    },
  );

  server.registerTool(
    'delete_branch',
    {
      description: 'Delete a stale branch',
      inputSchema: z.object({ project: z.string(), olderThanDays: z.number().int().default(90) }),
    },
    async ({ project, olderThanDays }, ctx) => {
      if (!server.server.getClientCapabilities()?.elicitation) {
        return { isError: true, content: [{ type: 'text', text: 'delete_branch asks which branch to delete; this client cannot answer questions' }] };
      }
      const id = encodeURIComponent(project);
      const cutoff = Date.now() - olderThanDays * 86_400_000;
      const stale = (await forge.get<Branch[]>(`projects/${id}/repository/branches?per_page=100`)).filter(
        (b) => Date.parse(b.commit.authored_date) < cutoff,
      );
      if (stale.length === 0) return { content: [{ type: 'text', text: `No branches older than ${olderThanDays} days` }] };
      const branch = await askForBranch(ctx, `Delete which of the ${stale.length} stale branches?`, stale);
      if (!branch) return { content: [{ type: 'text', text: 'Nothing deleted' }] };
      await forge.delete(`projects/${id}/repository/branches/${encodeURIComponent(branch)}`);
      log.info('branch deleted', { project, branch });
      return { content: [{ type: 'text', text: `Deleted ${branch}` }] };
    },
  );

  return server;
}
