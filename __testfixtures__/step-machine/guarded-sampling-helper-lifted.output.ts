import { McpServer, inputRequired, type CreateMessageRequestParams, type CreateMessageResult, type CreateMessageResultWithTools } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, samplingAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request summarizeIfLong() asks with, or its result when it returns without asking (its code before the question). */
function summarizeIfLongParams(body: string): { ask: CreateMessageRequestParams } | { done: string } {
  if (body.length < 200) return { done: body };
  return { ask: {
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${body}` } }],
    maxTokens: 100,
  } };
}

/** What summarizeIfLong() does with the answer (its code after the question). */
function summarizeIfLongOutcome(body: string, result: CreateMessageResult | CreateMessageResultWithTools): string {
  if (Array.isArray(result.content)) return body;
  return result.content.type === 'text' ? result.content.text : body;
}

type DigestState = { step: 'summary' };
server.registerTool(
  'digest',
  { description: 'Digest a note', inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    let state = await mrtrState.resume<DigestState>(ctx, 'digest', { body });
    state ??= { step: 'summary' };
    const summaryRequest = summarizeIfLongParams(body);
    const summaryAnswer = 'ask' in summaryRequest ? samplingAnswer(ctx, 'summary') : undefined;
    if ('ask' in summaryRequest && summaryAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          summary: inputRequired.createMessage(summaryRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'digest', { body }, state),
      });
    }
    const summary = 'done' in summaryRequest ? summaryRequest.done : summarizeIfLongOutcome(body, summaryAnswer!);
    return { content: [{ type: 'text', text: summary }] };
  },
);
