// registerTool with its config held in a variable (its schema cannot be read here): the
// callback's own parameters say where v1 put the extra — second of two, or the only one when it
// reads like the context.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const config = { title: 'Echo', description: 'Echo a message', inputSchema: { message: z.string() } };
const plain = { description: 'Who am I' };

export function register(server: McpServer): void {
  server.registerTool('echo', config, async (args, extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: args.message } });
    return { content: [{ type: 'text', text: args.message }] };
  });
  server.registerTool('whoami', plain, async (extra) => ({ content: [{ type: 'text', text: extra.sessionId ?? 'stdio' }] }));
}
