// Request options 2026-07-28 has no place for (the client answers on its own time): options that
// only hold values, signals and callbacks go with an info note; options computed by a call with
// effects (nextTimeout() counts the questions asked) are not dropped with their code: that handler
// stays as it was, reported.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'confirmations', version: '1.0.0' });

let asked = 0;

function nextTimeout(): number {
  asked++;
  return 60_000 * asked;
}

server.registerTool(
  'confirm-delete',
  { description: 'Delete after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput(
      { mode: 'form', message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      { timeout: nextTimeout() },
    );
    return { content: [{ type: 'text', text: `${answer.action} after ${asked} questions` }] };
  },
);

server.registerTool(
  'confirm-archive',
  { description: 'Archive after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput(
      { mode: 'form', message: `Archive ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      { timeout: 10 * 60_000, signal: AbortSignal.timeout(600_000), onprogress: (progress) => console.log(progress.progress) },
    );
    return { content: [{ type: 'text', text: `archive: ${answer.action}` }] };
  },
);
