import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { McpServer, type CreateMessageResult, type CreateMessageResultWithTools, inputRequired, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const run = promisify(execFile);

function promptFor(diff: string): string {
  return `Name a branch for these changes:\n${diff}`;
}
const server = new McpServer({ name: 'git-tools', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type StartBranchState = { step: 'sampled'; sampledRequest: CreateMessageRequestParams };
server.registerTool(
  'start-branch',
  { description: 'Create a branch named after the uncommitted changes', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    const resumed = await mrtrState.resume<StartBranchState>(ctx, 'start-branch', { repo });
    let diff!: string;
    let sampled: CreateMessageResult | CreateMessageResultWithTools;
    if (resumed === undefined) {
      ({ stdout: diff } = await run('git', ['-C', repo, 'diff', '--stat', '--patch']));
      if (diff.trim() === '') return { content: [{ type: 'text', text: 'Nothing changed' }] };
    }
    try {
      let state = resumed;
      if (state === undefined) {
        const sampledRequest: CreateMessageRequestParams = {
          systemPrompt: 'Answer with a short kebab-case git branch name and nothing else.',
          messages: [{ role: 'user', content: { type: 'text', text: promptFor(diff) } }],
          maxTokens: 20,
        };
        state = { step: 'sampled', sampledRequest };
      }
      const { sampledRequest } = state;
      const sampledAnswer = samplingAnswer(ctx, 'sampled');
      if (sampledAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            sampled: inputRequired.createMessage(sampledRequest),
          },
          requestState: await mrtrState.mint(ctx, 'start-branch', { repo }, state),
        });
      }
      sampled = sampledAnswer;
    } catch {
      return { isError: true, content: [{ type: 'text', text: 'Sampling request failed' }] };
    }
    const block = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
    const name = block?.type === 'text' ? block.text.trim() : 'work-in-progress';
    await run('git', ['-C', repo, 'switch', '-c', name]);
    return { content: [{ type: 'text', text: `Switched to ${name}` }] };
  },
);
