// A question raced against another promise: under 2026-07-28 nothing waits for the client, so the
// race goes and its other members with it. A member that only starts a timer settling itself goes
// (here setTimeout of node:timers/promises); one whose evaluation does more (watchdog() records the
// call) would lose that, so its handler stays as it was, reported.
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'races', version: '1.0.0' });

const watched: string[] = [];

function watchdog(id: string): Promise<ElicitResult> {
  watched.push(id);
  return new Promise((resolve) => setTimeout(() => resolve({ action: 'cancel' }), 30_000));
}

server.registerTool(
  'confirm-delete',
  { description: 'Delete after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const answer = await Promise.race([
      ctx.mcpReq.elicitInput({ mode: 'form', message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }),
      watchdog(id),
    ]);
    return { content: [{ type: 'text', text: `${answer.action} (${watched.length} watched)` }] };
  },
);

server.registerTool(
  'confirm-archive',
  { description: 'Archive after confirmation', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const answer = await Promise.race([
      ctx.mcpReq.elicitInput({ mode: 'form', message: `Archive ${id}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }),
      sleep(30_000, { action: 'cancel' } as ElicitResult),
    ]);
    return { content: [{ type: 'text', text: `archive: ${answer.action}` }] };
  },
);
