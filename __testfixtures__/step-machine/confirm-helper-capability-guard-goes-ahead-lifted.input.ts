import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'records', version: '1.0.0' });
const records = new Map<string, string>();

async function requestConfirmation(message: string): Promise<{ confirmed: boolean }> {
  if (!server.server.getClientCapabilities()?.elicitation) return { confirmed: true };
  console.error(`asking: ${message}`);
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return { confirmed: answer.action === 'accept' && answer.content?.confirm === true };
}

server.registerTool('delete_record', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
  const { confirmed } = await requestConfirmation(`Delete record ${id}?`);
  if (!confirmed) return { content: [{ type: 'text', text: 'Kept' }] };
  records.delete(id);
  return { content: [{ type: 'text', text: `Deleted ${id}` }] };
});
