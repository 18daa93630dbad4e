// A value read by the first question only, whose name comes back later in code that declares its
// own: a `catch (error)` binding and an arrow function's parameter. Those read their own bindings,
// not the handler's value, so the value is not carried into the last step (where it would be an
// unused local, which noUnusedLocals rejects).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'incidents', version: '1.0.0' });

async function lastError(service: string): Promise<string> {
  return `${service}: timeout`;
}

async function closeIncident(service: string, notes: string[]): Promise<void> {
  if (notes.length === 0) throw new Error(`nothing to close for ${service}`);
}

server.registerTool('close-incident', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  const error = await lastError(service);
  const cause = await ctx.mcpReq.elicitInput({
    message: `The last error was "${error}". What caused it?`,
    requestedSchema: { type: 'object', properties: { cause: { type: 'string' } }, required: ['cause'] },
  });
  const followUp = await ctx.mcpReq.elicitInput({
    message: `Follow-up actions for ${String(cause.content?.cause)}? (comma-separated)`,
    requestedSchema: { type: 'object', properties: { actions: { type: 'string' } } },
  });
  const notes = String(followUp.content?.actions ?? '').split(',').map((error) => error.trim()).filter(Boolean);
  try {
    await closeIncident(service, [String(cause.content?.cause ?? ''), ...notes]);
    return { content: [{ type: 'text', text: `Closed ${service}` }] };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: `Not closed: ${String(error)}` }] };
  }
});
