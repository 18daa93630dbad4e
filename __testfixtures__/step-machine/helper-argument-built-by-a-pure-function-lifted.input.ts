// A helper's arguments are evaluated again on the retry, so they must have no effects. A call of a
// function of this module that only builds a value (a prompt template) is such an argument: the
// question lifts. A call of one that records something is not: that handler is reported.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'writer', version: '1.0.0' });
const asked: string[] = [];

async function sampleText(ctx: ServerContext, prompt: string, options: { maxTokens: number }): Promise<string> {
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: options.maxTokens,
  });
  if (Array.isArray(result.content)) return '';
  return result.content.type === 'text' ? result.content.text : '';
}

function buildPrompt(topic: string, audience: string): string {
  return `Write a short brief on ${topic} for ${audience}.`;
}

function recordPrompt(topic: string): string {
  asked.push(topic);
  return `Write a short brief on ${topic}.`;
}

server.registerTool(
  'brief',
  { description: 'Write a brief', inputSchema: z.object({ topic: z.string(), audience: z.string() }) },
  async ({ topic, audience }, ctx) => {
    const text = await sampleText(ctx, buildPrompt(topic, audience), { maxTokens: 400 });
    return { content: [{ type: 'text', text }] };
  },
);

server.registerTool(
  'recorded_brief',
  { description: 'Write a brief and remember the topic', inputSchema: z.object({ topic: z.string() }) },
  async ({ topic }, ctx) => {
    const text = await sampleText(ctx, recordPrompt(topic), { maxTokens: 400 });
    return { content: [{ type: 'text', text }] };
  },
);
