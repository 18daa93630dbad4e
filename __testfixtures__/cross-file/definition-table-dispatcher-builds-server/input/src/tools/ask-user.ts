import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolWithHandler } from './types.js';

export const ASK_USER_TOOL: ToolWithHandler = {
  name: 'ask_user',
  description: 'Ask the user a question and return the answer',
  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  handler: async (args, extra): Promise<CallToolResult> => {
    const question = String(args?.question ?? '');
    const result = await extra.mcpReq.elicitInput({
      message: question,
      requestedSchema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] },
    });
    if (result.action !== 'accept') return { content: [{ type: 'text', text: `The user did not answer (${result.action})` }] };
    return { content: [{ type: 'text', text: String(result.content?.answer) }] };
  },
};
