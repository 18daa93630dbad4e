// The v1 `extra` named in a type query: `typeof extra.sendRequest` follows the rename and the v2
// path like any other use (a type left naming `extra` would not resolve after the rename).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('pick', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    const request = { method: 'roots/list' as const, params: {} };
    const roots = await ctx.mcpReq.send(request as Parameters<typeof ctx.mcpReq.send>[0], z.object({ roots: z.array(z.object({ uri: z.string() })) }));
    const stop: typeof ctx.mcpReq.signal = ctx.mcpReq.signal;
    const all: typeof ctx = ctx;
    return { content: [{ type: 'text', text: `${topic}: ${roots.roots.length} roots, ${stop.aborted} ${all.sessionId}` }] };
  });
}
