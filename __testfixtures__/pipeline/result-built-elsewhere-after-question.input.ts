import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

function summary(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

// The result is built by a helper and returned after the question: result-type reports it at the
// `return`, and the step machine's rewrite of the handler must not move that marker (a second run
// would put it back at the `return`).
server.registerTool(
  'archive',
  { description: 'Archive a note', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Archive note ${id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    const r = summary(answer.action === 'accept' ? `Archived ${id}` : 'Kept');
    return r;
  },
);
