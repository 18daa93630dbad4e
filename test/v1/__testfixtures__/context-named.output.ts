// The v1 `extra` as one parameter: `extra` becomes `ctx` and every v1 key its v2 path; another
// name is kept. A destructuring of it in the body is split by where v2 keeps each value.
import { McpServer, Server } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer, low: Server): void {
  server.registerTool('whoami', { description: 'Who is calling' }, async (ctx) => {
    const who = ctx.http?.authInfo?.clientId ?? 'anonymous';
    await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: `${who} in ${ctx.sessionId}` } });
    return { content: [{ type: 'text', text: `${who} (${String(ctx.mcpReq.id)})` }] };
  });
  server.registerTool('slow', { inputSchema: z.object({ ms: z.number() }) }, async ({ ms }, context) => {
    const { sessionId } = context, { signal, notify: sendNotification } = context.mcpReq;
    await sendNotification({ method: 'notifications/message', params: { level: 'info', data: `start ${sessionId}` } });
    await new Promise((resolve) => setTimeout(resolve, signal.aborted ? 0 : ms));
    return { content: [{ type: 'text', text: String(context.mcpReq._meta?.progressToken) }] };
  });
  low.setRequestHandler('tools/call', async (request, ctx) => {
    ctx.mcpReq.signal.throwIfAborted();
    return { content: [{ type: 'text', text: request.params.name }] };
  });
}
