import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'records', version: '1.0.0' });
const records = new Map<string, string>();

async function requestConfirmation(message: string): Promise<{ confirmed: boolean }> {
  if (!server.server.getClientCapabilities()?.elicitation) return { confirmed: true };
  console.error(`asking: ${message}`);
  // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in helper requestConfirmation(), called by tool handler delete_record; it is not lifted into that handler because code before the call has side effects, which would run again when the client retries. Left like this it is dangerous: whenever the client does not announce elicitation, its client-capability check returns { confirmed: true }, as if the user had confirmed, so the action runs without asking (and on 2026-07-28 the request throws for the clients that do)
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return { confirmed: answer.action === 'accept' && answer.content?.confirm === true };
}

server.registerTool('delete_record', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
  // @mcp-mrtr-migrate push-in-helper: tool handler delete_record calls requestConfirmation(), whose question (server.server.elicitInput) is not migrated: whenever the client does not announce elicitation, its client-capability check returns { confirmed: true }, as if the user had confirmed, so the action runs without asking (and on 2026-07-28 the request throws for the clients that do)
  const { confirmed } = await requestConfirmation(`Delete record ${id}?`);
  if (!confirmed) return { content: [{ type: 'text', text: 'Kept' }] };
  records.delete(id);
  return { content: [{ type: 'text', text: `Deleted ${id}` }] };
});
