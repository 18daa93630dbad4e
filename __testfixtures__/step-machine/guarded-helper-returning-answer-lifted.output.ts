import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request askPriority() asks with, or its result when it returns without asking (its code before the question). */
function askPriorityParams(title: string, priority: string | undefined): { ask: ElicitRequestFormParams } | { done: ElicitResult | undefined } {
  if (priority !== undefined) return { done: undefined };
  return { ask: {
    message: `Priority for "${title}"?`,
    requestedSchema: { type: 'object', properties: { priority: { type: 'string', enum: ['low', 'high'] } }, required: ['priority'] },
  } };
}

type OpenTicketState = { step: 'picked' };
server.registerTool(
  'open_ticket',
  { description: 'Open a ticket', inputSchema: z.object({ title: z.string(), priority: z.string().optional() }) },
  async ({ title, priority }, ctx) => {
    let state = await mrtrState.resume<OpenTicketState>(ctx, 'open_ticket', { title, priority });
    state ??= { step: 'picked' };
    const pickedRequest = askPriorityParams(title, priority);
    const pickedAnswer = 'ask' in pickedRequest ? elicitAnswer(ctx, 'picked', pickedRequest.ask) : undefined;
    if ('ask' in pickedRequest && pickedAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          picked: inputRequired.elicit(pickedRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'open_ticket', { title, priority }, state),
      });
    }
    const picked = 'done' in pickedRequest ? pickedRequest.done : pickedAnswer!;
    const chosen = picked?.action === 'accept' ? String(picked.content?.priority) : (priority ?? 'low');
    return { content: [{ type: 'text', text: `Opened "${title}" (${chosen})` }] };
  },
);
