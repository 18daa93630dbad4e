import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'js-server', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function loadTodo(id) {
  return { id, title: `Todo ${id}` };
}

server.registerTool(
  'complete-todo',
  { description: 'Complete a todo', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume(ctx, 'complete-todo', { id });
    if (state === undefined) {
      const todo = await loadTodo(id);
      state = { step: 'note', todo };
    }
    const { todo } = state;
    const noteRequest = {
      message: `Add a note when completing "${todo.title}"?`,
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
    };
    const note = elicitAnswer(ctx, 'note', noteRequest);
    if (note === undefined) {
      return inputRequired({
        inputRequests: {
          note: inputRequired.elicit(noteRequest),
        },
        requestState: await mrtrState.mint(ctx, 'complete-todo', { id }, state),
      });
    }
    const text = note.action === 'accept' && note.content?.note ? ` (${String(note.content.note)})` : '';
    return { content: [{ type: 'text', text: `Completed ${todo.title}${text}` }] };
  },
);
