// Handlers that destructure the v1 `extra`: the parameter becomes the v2 context and each name is
// read from where v2 keeps it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const transports: Record<string, { closeSSEStream(id: string | number): void }> = {};

export function register(server: McpServer): void {
  server.registerTool('with_progress', { inputSchema: {} }, async (_args, { sendNotification, _meta }) => {
    const progressToken = _meta?.progressToken ?? 0;
    await sendNotification({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 1 } });
    return { content: [{ type: 'text', text: String(progressToken) }] };
  });
  server.registerTool('reconnect', { inputSchema: {} }, async (_args, { sessionId, requestId }) => {
    const transport = sessionId ? transports[sessionId] : undefined;
    if (transport && requestId) transport.closeSSEStream(requestId);
    return { content: [{ type: 'text', text: JSON.stringify({ sessionId }) }] };
  });
  server.tool('wait', { ms: z.number() }, async ({ ms }, { signal: abort }) => {
    await new Promise((resolve) => setTimeout(resolve, abort.aborted ? 0 : ms));
    return { content: [{ type: 'text', text: 'waited' }] };
  });
}
