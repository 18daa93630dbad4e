import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const branchLookups: string[] = [];

async function listBranches(repo: string): Promise<string[]> {
  branchLookups.push(repo);
  return ['main', 'release', `${repo}-dev`];
}

/** The request chooseBranch() asks with (its code before the question). */
async function chooseBranchParams(repo: string): Promise<ElicitRequestFormParams> {
  const branches = await listBranches(repo);
  return {
    message: `Which branch of ${repo}?`,
    requestedSchema: { type: 'object', properties: { branch: { type: 'string', enum: branches } }, required: ['branch'] },
  };
}

/** What chooseBranch() does with the answer (its code after the question). */
function chooseBranchOutcome(answer: ElicitResult): string | undefined {
  return answer.action === 'accept' ? String(answer.content?.branch) : undefined;
}

const server = new McpServer({ name: 'builds', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type StartBuildState = { step: 'branch'; branchRequest: ElicitRequestFormParams };
server.registerTool(
  'start_build',
  { description: 'Start a build', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    let state = await mrtrState.resume<StartBuildState>(ctx, 'start_build', { repo });
    if (state === undefined) {
      const branchRequest: ElicitRequestFormParams = await chooseBranchParams(repo);
      state = { step: 'branch', branchRequest };
    }
    const { branchRequest } = state;
    const branchAnswer = elicitAnswer(ctx, 'branch', branchRequest);
    if (branchAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          branch: inputRequired.elicit(branchRequest),
        },
        requestState: await mrtrState.mint(ctx, 'start_build', { repo }, state),
      });
    }
    const branch = chooseBranchOutcome(branchAnswer);
    if (!branch) return { content: [{ type: 'text', text: 'No build started' }] };
    return { content: [{ type: 'text', text: `Building ${repo}@${branch}` }] };
  },
);
