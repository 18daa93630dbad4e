// A helper asks inside a `try` (the guarded lift) and declares, before it, an interface and a type
// only its code after the answer reads. The request builder leaves both out (each would be unused
// there, which noUnusedLocals rejects); the outcome keeps them. A type the question itself reads
// stays in the request builder.
import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request pickPriority() asks with, or its result when it returns without asking (its code before the question). */
function pickPriorityParams(ticket: string): { ask: ElicitRequestFormParams } | { done: string } {
  type Prompt = { message: string };
  const prompt: Prompt = { message: `Priority of ${ticket}?` };
  try {
    return { ask: {
      message: prompt.message,
      requestedSchema: { type: 'object', properties: { urgent: { type: 'boolean' } } },
    } };
  } catch (error) {
    console.error('priority question failed', error);
    return { done: 'unchanged' };
  }
}

/** What pickPriority() does with the answer (its code after the question). */
function pickPriorityOutcome(ticket: string, answer: ElicitResult): string {
  interface Picked {
    level: Level;
    ticket: string;
  }
  type Level = 'low' | 'high';
  try {
    const picked: Picked = { level: answer.content?.urgent === true ? 'high' : 'low', ticket };
    return answer.action === 'accept' ? `${picked.ticket}: ${picked.level}` : 'unchanged';
  } catch (error) {
    console.error('priority question failed', error);
    return 'unchanged';
  }
}

type TriageState = { step: 'priority' };
server.registerTool('triage', { inputSchema: z.object({ ticket: z.string() }) }, async ({ ticket }, ctx) => {
  let state = await mrtrState.resume<TriageState>(ctx, 'triage', { ticket });
  state ??= { step: 'priority' };
  const priorityRequest = pickPriorityParams(ticket);
  const priorityAnswer = 'ask' in priorityRequest ? elicitAnswer(ctx, 'priority', priorityRequest.ask) : undefined;
  if ('ask' in priorityRequest && priorityAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        priority: inputRequired.elicit(priorityRequest.ask),
      },
      requestState: await mrtrState.mint(ctx, 'triage', { ticket }, state),
    });
  }
  const priority = 'done' in priorityRequest ? priorityRequest.done : pickPriorityOutcome(ticket, priorityAnswer!);
  return { content: [{ type: 'text', text: priority }] };
});
