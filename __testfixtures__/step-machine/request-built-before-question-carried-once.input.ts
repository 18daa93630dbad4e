import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const run = promisify(execFile);

function promptFor(diff: string): string {
  return `Name a branch for these changes:\n${diff}`;
}
const server = new McpServer({ name: 'git-tools', version: '1.0.0' });

server.registerTool(
  'start-branch',
  { description: 'Create a branch named after the uncommitted changes', inputSchema: z.object({ repo: z.string() }) },
  async ({ repo }, ctx) => {
    const { stdout: diff } = await run('git', ['-C', repo, 'diff', '--stat', '--patch']);
    if (diff.trim() === '') return { content: [{ type: 'text', text: 'Nothing changed' }] };
    let sampled;
    try {
      sampled = await ctx.mcpReq.requestSampling({
        systemPrompt: 'Answer with a short kebab-case git branch name and nothing else.',
        messages: [{ role: 'user', content: { type: 'text', text: promptFor(diff) } }],
        maxTokens: 20,
      });
    } catch {
      return { isError: true, content: [{ type: 'text', text: 'Sampling request failed' }] };
    }
    const block = Array.isArray(sampled.content) ? sampled.content[0] : sampled.content;
    const name = block?.type === 'text' ? block.text.trim() : 'work-in-progress';
    await run('git', ['-C', repo, 'switch', '-c', name]);
    return { content: [{ type: 'text', text: `Switched to ${name}` }] };
  },
);
