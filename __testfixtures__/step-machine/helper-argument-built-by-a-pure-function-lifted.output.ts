// A helper's arguments are evaluated again on the retry, so they must have no effects. A call of a
// function of this module that only builds a value (a prompt template) is such an argument: the
// question lifts. A call of one that records something is not: that handler is reported.
import { McpServer, type ServerContext, inputRequired, type CreateMessageRequestParams, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'writer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
const asked: string[] = [];

async function sampleText(ctx: ServerContext, prompt: string, options: { maxTokens: number }): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.requestSampling is made in helper sampleText(), whose question was lifted into the handlers migrated so far (they use sampleTextParams() instead); sampleText() itself still asks, for the callers it has left or because it is exported
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: options.maxTokens,
  });
  if (Array.isArray(result.content)) return '';
  return result.content.type === 'text' ? result.content.text : '';
}

/** The request sampleText() asks with (its code before the question). */
function sampleTextParams(prompt: string, options: { maxTokens: number }): CreateMessageRequestParams {
  return {
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: options.maxTokens,
  };
}

/** What sampleText() does with the answer (its code after the question). */
function sampleTextOutcome(result: CreateMessageResult | CreateMessageResultWithTools): string {
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

type BriefState = { step: 'text' };
server.registerTool(
  'brief',
  { description: 'Write a brief', inputSchema: z.object({ topic: z.string(), audience: z.string() }) },
  async ({ topic, audience }, ctx) => {
    let state = await mrtrState.resume<BriefState>(ctx, 'brief', { topic, audience });
    state ??= { step: 'text' };
    const textRequest: CreateMessageRequestParams = sampleTextParams(buildPrompt(topic, audience), { maxTokens: 400 });
    const textAnswer = samplingAnswer(ctx, 'text');
    if (textAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          text: inputRequired.createMessage(textRequest),
        },
        requestState: await mrtrState.mint(ctx, 'brief', { topic, audience }, state),
      });
    }
    const text = sampleTextOutcome(textAnswer);
    return { content: [{ type: 'text', text }] };
  },
);

server.registerTool(
  'recorded_brief',
  { description: 'Write a brief and remember the topic', inputSchema: z.object({ topic: z.string() }) },
  async ({ topic }, ctx) => {
    // @mcp-mrtr-migrate push-in-helper: sampleText() asks the client (ctx.mcpReq.requestSampling), and its argument `recordPrompt(topic)` here may have side effects, so it cannot be evaluated again on the retry
    const text = await sampleText(ctx, recordPrompt(topic), { maxTokens: 400 });
    return { content: [{ type: 'text', text }] };
  },
);
