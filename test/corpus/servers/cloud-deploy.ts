// Deployment server for a hosting platform: deploy, promote and roll back.
import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ApiClient, ApiError } from './lib/http.js';
import { createLogger, errorMessage } from './lib/log.js';

interface DeploymentInfo {
  id: string;
  url: string;
  state: 'BUILDING' | 'READY' | 'ERROR';
  commitSha: string;
}

const api = new ApiClient({ baseUrl: 'https://api.hosting.example/v13/', token: process.env.HOSTING_TOKEN });
const log = createLogger('deploy');
const CONFIRM_TIMEOUT_MS = 120_000;

export const deployHistory: { project: string; deploymentId: string; target: string; at: string }[] = [];

function timeout(ms: number): Promise<ElicitResult> {
  return new Promise((resolve) => setTimeout(() => resolve({ action: 'cancel' }), ms).unref());
}

const server = new McpServer({ name: 'hosting-deploy', version: '1.4.0' });

server.registerTool(
  'deploy',
  {
    description: 'Build and deploy a project. Production deploys are confirmed by the user.',
    inputSchema: z.object({ project: z.string(), ref: z.string().default('main'), target: z.enum(['preview', 'production']) }),
  },
  async ({ project, ref, target }, ctx) => {
    const build = await api.post<DeploymentInfo>('deployments', { name: project, gitSource: { ref }, target: 'preview' });
    log.info('preview build ready', { project, deploymentId: build.id, sha: build.commitSha });
    if (target === 'production') {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Preview of ${project}@${build.commitSha.slice(0, 7)} is at ${build.url}. Promote it to production?`,
        requestedSchema: { type: 'object', properties: { promote: { type: 'boolean' } }, required: ['promote'] },
      });
      if (answer.action !== 'accept' || answer.content?.promote !== true) {
        return { content: [{ type: 'text', text: `Left as a preview: ${build.url}` }] };
      }
      await api.post(`deployments/${build.id}/promote`, {});
    }
    deployHistory.push({ project, deploymentId: build.id, target, at: new Date().toISOString() });
    return { content: [{ type: 'text', text: `${project} deployed to ${target}: ${build.url}` }] };
  },
);

server.registerTool(
  'rollback',
  {
    description: 'Roll production back to the previous deployment',
    inputSchema: z.object({ project: z.string() }),
  },
  async ({ project }, ctx) => {
    try {
      const answer = await Promise.race([
        ctx.mcpReq.elicitInput({
          message: `Roll ${project} production back to the previous deployment?`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        }),
        timeout(CONFIRM_TIMEOUT_MS),
      ]);
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: answer.action === 'cancel' ? 'No answer in time; nothing rolled back' : 'Rollback cancelled' }] };
      }
      const result = await api.post<{ deploymentId: string }>(`projects/${project}/rollback`, {});
      return { content: [{ type: 'text', text: `Rolled back to ${result.deploymentId}` }] };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        return { isError: true, content: [{ type: 'text', text: 'There is no earlier production deployment' }] };
      }
      log.error('rollback failed', { project, error: errorMessage(error) });
      return { isError: true, content: [{ type: 'text', text: errorMessage(error) }] };
    }
  },
);

export default server;
