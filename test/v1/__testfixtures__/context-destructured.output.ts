// Handlers that destructure the v1 `extra`: the parameter becomes the v2 context and each name is
// read from where v2 keeps it.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const transports: Record<string, { closeSSEStream(id: string | number): void }> = {};

export function register(server: McpServer): void {
  server.registerTool('with_progress', { inputSchema: z.object({}) }, async (_args, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 1 } });
    return { content: [{ type: 'text', text: String(progressToken) }] };
  });
  server.registerTool('reconnect', { inputSchema: z.object({}) }, async (_args, ctx) => {
    const transport = ctx.sessionId ? transports[ctx.sessionId] : undefined;
    if (transport && ctx.mcpReq.id) transport.closeSSEStream(ctx.mcpReq.id);
    return { content: [{ type: 'text', text: JSON.stringify({ sessionId: ctx.sessionId }) }] };
  });
  server.registerTool('wait', { inputSchema: z.object({ ms: z.number() }) }, async ({ ms }, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, ctx.mcpReq.signal.aborted ? 0 : ms));
    return { content: [{ type: 'text', text: 'waited' }] };
  });
}
