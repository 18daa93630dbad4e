// The v1 `extra` named in a type query: `typeof extra.sendRequest` follows the rename and the v2
// path like any other use (a type left naming `extra` would not resolve after the rename).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.tool('pick', { topic: z.string() }, async ({ topic }, extra) => {
    const request = { method: 'roots/list' as const, params: {} };
    const roots = await extra.sendRequest(request as Parameters<typeof extra.sendRequest>[0], z.object({ roots: z.array(z.object({ uri: z.string() })) }));
    const stop: typeof extra.signal = extra.signal;
    const all: typeof extra = extra;
    return { content: [{ type: 'text', text: `${topic}: ${roots.roots.length} roots, ${stop.aborted} ${all.sessionId}` }] };
  });
}
