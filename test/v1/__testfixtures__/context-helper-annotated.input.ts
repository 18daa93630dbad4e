// Helpers the handlers hand their context to, declared with the v1 context type (directly or
// through a type alias): their reads of it are rewritten like a handler's.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** No-ops when the client did not ask for progress. */
export async function sendProgress(extra: ToolExtra, progress: number, total?: number): Promise<void> {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return;
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total } });
}

function caller(context: RequestHandlerExtra<ServerRequest, ServerNotification>): string {
  return context.authInfo?.clientId ?? String(context.requestId);
}

export function register(server: McpServer): void {
  server.tool('export', { id: z.string() }, async ({ id }, extra) => {
    await sendProgress(extra, 1, 2);
    return { content: [{ type: 'text', text: `${id} for ${caller(extra)}` }] };
  });
}
