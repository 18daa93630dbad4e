import { type CallToolResult, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import type { ToolWithHandler } from './types.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

type AskUserState = { step: 'answer' };
export const ASK_USER_TOOL: ToolWithHandler = {
  name: 'ask_user',
  description: 'Ask the user a question and return the answer',
  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  handler: async (args, extra): Promise<CallToolResult | InputRequiredResult> => {
    const question = String(args?.question ?? '');
    let state = await mrtrState.resume<AskUserState>(extra, 'ask_user', args);
    state ??= { step: 'answer' };
    const answerRequest: ElicitRequestFormParams = {
      message: question,
      requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    };
    const result = elicitAnswer(extra, 'answer', answerRequest);
    if (result === undefined) {
      return inputRequired({
        inputRequests: {
          answer: inputRequired.elicit(answerRequest),
        },
        requestState: await mrtrState.mint(extra, 'ask_user', args, state),
      });
    }
    if (result.action !== 'accept') return { content: [{ type: 'text', text: `The user did not answer (${result.action})` }] };
    return { content: [{ type: 'text', text: String(result.content?.answer) }] };
  },
};
