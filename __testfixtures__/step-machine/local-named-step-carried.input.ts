import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'wizard', version: '1.0.0' });

async function nextStage(stage: number): Promise<string> {
  return `stage-${stage + 1}`;
}

server.registerTool(
  'setup',
  { description: 'Set up the workspace, one stage at a time', inputSchema: z.object({ stage: z.number() }) },
  async ({ stage }, ctx) => {
    // A wizard's own "step" is a local like any other: it crosses both questions.
    const step = await nextStage(stage);
    const go = await ctx.mcpReq.elicitInput({
      message: `Continue to ${step}?`,
      requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
    });
    if (go.action !== 'accept') return { content: [{ type: 'text', text: `${step}: cancelled` }] };
    const when = await ctx.mcpReq.elicitInput({
      message: `When should ${step} run?`,
      requestedSchema: { type: 'object', properties: { at: { type: 'string' } }, required: ['at'] },
    });
    return { content: [{ type: 'text', text: `${step} at ${String(when.content?.at)}` }] };
  },
);
