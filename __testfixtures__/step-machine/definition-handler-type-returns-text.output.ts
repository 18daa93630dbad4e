import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, isInputRequiredResult, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

/** A tool's handler answers with the text of its result; the registration loop wraps it. */
interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodRawShape;
  handler: (args: Record<string, unknown>, extra: ServerContext) => Promise<string | InputRequiredResult>;
}

type ForgetNoteState = { step: 'confirm' };
const TOOLS: ToolDefinition[] = [
  {
    name: 'forget_note',
    description: 'Forget a note',
    inputSchema: { note: z.string() },
    handler: async (args, extra) => {
      let state = await mrtrState.resume<ForgetNoteState>(extra, 'forget_note', args);
      state ??= { step: 'confirm' };
      const confirmRequest: ElicitRequestFormParams = {
        message: `Forget ${String(args.note)}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = elicitAnswer(extra, 'confirm', confirmRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit(confirmRequest),
          },
          requestState: await mrtrState.mint(extra, 'forget_note', args, state),
        });
      }
      return answer.action === 'accept' && answer.content?.confirm === true ? 'Forgotten' : 'Kept';
    },
  },
  {
    name: 'count_notes',
    description: 'How many notes there are',
    inputSchema: {},
    handler: async () => '3 notes',
  },
];

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object(tool.inputSchema) }, async (args, extra) => {
    const text = await tool.handler(args as Record<string, unknown>, extra);
    if (isInputRequiredResult(text)) return text;
    return { content: [{ type: 'text', text: text.trim() }] };
  });
}
