import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Gate = { ok: true } | { ok: false; reason: string };

/** Asks before a write; a client that cannot ask blocks it. The answer is assigned in the try and read after it. */
async function confirmWrite(server: McpServer, operation: string): Promise<Gate> {
  let reply: { action: string; content?: Record<string, unknown> };
  try {
    reply = await server.server.elicitInput({
      message: `Approve: ${operation}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
  } catch {
    return { ok: false, reason: 'this client cannot ask for approval' };
  }
  if (reply.action === 'accept' && reply.content?.confirm === true) return { ok: true };
  return { ok: false, reason: `not approved (${reply.action})` };
}

const server = new McpServer({ name: 'writes', version: '1.0.0' });

server.registerTool('delete_row', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
  const gate = await confirmWrite(server, `delete row ${id}`);
  if (!gate.ok) return { content: [{ type: 'text', text: gate.reason }], isError: true };
  return { content: [{ type: 'text', text: `Deleted ${id}` }] };
});
