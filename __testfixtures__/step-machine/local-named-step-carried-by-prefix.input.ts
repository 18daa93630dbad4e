import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'wizard', version: '1.0.0' });

export const log: string[] = [];

async function nextStage(stage: number): Promise<string> {
  return `stage-${stage + 1}`;
}

server.registerTool(
  'setup',
  { description: 'Set up the workspace, one stage at a time', inputSchema: z.object({ stage: z.number(), confirm: z.boolean() }) },
  async ({ stage, confirm }, ctx) => {
    const step = await nextStage(stage);
    log.push(`entering ${step}`);
    if (confirm) {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Continue to ${step}?`,
        requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${step}: cancelled` }] };
    }
    return { content: [{ type: 'text', text: `${step}: done` }] };
  },
);
