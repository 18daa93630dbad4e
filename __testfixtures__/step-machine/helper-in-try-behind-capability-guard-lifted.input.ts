import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

let current: McpServer | null = null;

export function useServerForQuestions(server: McpServer): void {
  current = server;
}

async function confirmAction(message: string): Promise<{ confirmed: boolean; reason?: string }> {
  if (!current) return { confirmed: true };
  const caps = current.server.getClientCapabilities();
  if (!caps?.elicitation) return { confirmed: true };
  try {
    const reply = await current.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Go ahead' } }, required: ['ok'] },
    });
    if (reply.action === 'accept' && reply.content?.ok === true) return { confirmed: true };
    return { confirmed: false, reason: reply.action === 'decline' ? 'declined' : 'cancelled' };
  } catch {
    // A client that cannot answer does not block the action.
    return { confirmed: true };
  }
}

const server = new McpServer({ name: 'records', version: '1.0.0' });
useServerForQuestions(server);

export const removed: string[] = [];

server.registerTool(
  'remove_record',
  { description: 'Remove a record', inputSchema: z.object({ id: z.string() }) },
  async ({ id }) => {
    const { confirmed, reason } = await confirmAction(`Remove record ${id}?`);
    if (!confirmed) return { content: [{ type: 'text', text: `Not removed: ${reason}` }] };
    removed.push(id);
    return { content: [{ type: 'text', text: `Removed ${id}` }] };
  },
);
