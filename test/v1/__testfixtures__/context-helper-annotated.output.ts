// Helpers the handlers hand their context to, declared with the v1 context type (directly or
// through a type alias): their reads of it are rewritten like a handler's.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export type ToolExtra = ServerContext;

/** No-ops when the client did not ask for progress. */
export async function sendProgress(ctx: ToolExtra, progress: number, total?: number): Promise<void> {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  if (progressToken === undefined) return;
  await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total } });
}

function caller(context: ServerContext): string {
  return context.http?.authInfo?.clientId ?? String(context.mcpReq.id);
}

export function register(server: McpServer): void {
  server.registerTool('export', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    await sendProgress(ctx, 1, 2);
    return { content: [{ type: 'text', text: `${id} for ${caller(ctx)}` }] };
  });
}
