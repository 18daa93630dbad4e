import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Ask = (params: { message: string; requestedSchema: { type: 'object'; properties: Record<string, { type: 'string' }> } }) => Promise<{ action: string; content?: Record<string, unknown> }>;

/** Hands back the server's elicitInput, bound, for callers to ask with: this function asks nothing itself. */
export function askerOf(host: McpServer): Ask {
  return host.server.elicitInput.bind(host.server) as Ask;
}

const server = new McpServer({ name: 'bound', version: '1.0.0' });

server.registerTool('rename', { inputSchema: z.object({ from: z.string() }) }, async ({ from }) => {
  const ask = askerOf(server);
  const reply = await ask({ message: `New name for ${from}?`, requestedSchema: { type: 'object', properties: { to: { type: 'string' } } } });
  return { content: [{ type: 'text', text: reply.action === 'accept' ? `Renamed to ${String(reply.content?.to)}` : 'Kept' }] };
});
