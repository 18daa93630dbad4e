// After the v1 → v2 upgrade a v1 utility import with no v2 home stays (the upgrade reports it as
// an error). The handlers ask through the v2 server and context, so they are migrated like any
// v2 handler — also the one that calls the utility.
import { McpServer } from '@modelcontextprotocol/server';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool('rename_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `New title for ${id}?`,
      requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
    return { content: [{ type: 'text', text: `Renamed to ${String(answer.content?.title)}` }] };
  });

  server.registerTool('add_tool', { inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    if (!validateToolName(name).isValid) return { content: [{ type: 'text', text: 'Invalid name' }] };
    const answer = await ctx.mcpReq.elicitInput({
      message: `Add ${name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
