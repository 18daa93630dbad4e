import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const branchLookups: string[] = [];

async function listBranches(repo: string): Promise<string[]> {
  branchLookups.push(repo);
  return ['main', 'release', `${repo}-dev`];
}

/** Asks which branch to use, from the branches the repository has now. */
async function chooseBranch(ctx: ServerContext, repo: string): Promise<string | undefined> {
  const branches = await listBranches(repo);
  const answer = await ctx.mcpReq.elicitInput({
    message: `Which branch of ${repo}?`,
    requestedSchema: { type: 'object', properties: { branch: { type: 'string', enum: branches } }, required: ['branch'] },
  });
  return answer.action === 'accept' ? String(answer.content?.branch) : undefined;
}

const server = new McpServer({ name: 'builds', version: '1.0.0' });

server.registerTool(
  'start_build',
  { description: 'Start a build', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    const branch = await chooseBranch(ctx, repo);
    if (!branch) return { content: [{ type: 'text', text: 'No build started' }] };
    return { content: [{ type: 'text', text: `Building ${repo}@${branch}` }] };
  },
);
