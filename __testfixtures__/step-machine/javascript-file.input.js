import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'js-server', version: '1.0.0' });

async function loadTodo(id) {
  return { id, title: `Todo ${id}` };
}

server.registerTool(
  'complete-todo',
  { description: 'Complete a todo', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const todo = await loadTodo(id);
    const note = await ctx.mcpReq.elicitInput({
      message: `Add a note when completing "${todo.title}"?`,
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } } },
    });
    const text = note.action === 'accept' && note.content?.note ? ` (${String(note.content.note)})` : '';
    return { content: [{ type: 'text', text: `Completed ${todo.title}${text}` }] };
  },
);
