import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

class Journal {
  readonly entries = new Map<number, string>([[1, 'first'], [2, 'second']]);

  constructor(readonly server: McpServer) {}
}

// Takes the app object, not the request: the question goes through the server it holds.
async function confirmRemoval(app: Journal, message: string) {
  const capabilities = app.server.server.getClientCapabilities();
  if (!capabilities?.elicitation) {
    return true;
  }
  const result = await app.server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
  });
  return result.action === 'accept' && result.content?.confirmed === true;
}

const server = new McpServer({ name: 'journal', version: '1.0.0' });
const app = new Journal(server);

server.registerTool(
  'delete_entry',
  { description: 'Delete a journal entry', inputSchema: z.object({ id: z.number() }) },
  async ({ id }) => {
    const entry = app.entries.get(id);
    if (!entry) return { content: [{ type: 'text', text: `No entry ${id}` }], isError: true };
    const confirmed = await confirmRemoval(app, `Delete "${entry}"?`);
    if (!confirmed) return { content: [{ type: 'text', text: 'Deletion cancelled' }] };
    app.entries.delete(id);
    return { content: [{ type: 'text', text: `Deleted "${entry}"` }] };
  },
);
