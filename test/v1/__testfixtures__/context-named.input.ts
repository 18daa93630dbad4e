// The v1 `extra` as one parameter: `extra` becomes `ctx` and every v1 key its v2 path; another
// name is kept. A destructuring of it in the body is split by where v2 keeps each value.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export function register(server: McpServer, low: Server): void {
  server.tool('whoami', 'Who is calling', async (extra) => {
    const who = extra.authInfo?.clientId ?? 'anonymous';
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `${who} in ${extra.sessionId}` } });
    return { content: [{ type: 'text', text: `${who} (${String(extra.requestId)})` }] };
  });
  server.tool('slow', { ms: z.number() }, async ({ ms }, context) => {
    const { sessionId, signal, sendNotification } = context;
    await sendNotification({ method: 'notifications/message', params: { level: 'info', data: `start ${sessionId}` } });
    await new Promise((resolve) => setTimeout(resolve, signal.aborted ? 0 : ms));
    return { content: [{ type: 'text', text: String(context._meta?.progressToken) }] };
  });
  low.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    extra.signal.throwIfAborted();
    return { content: [{ type: 'text', text: request.params.name }] };
  });
}
