import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'x', version: '1.0.0' });

async function purge({ bucket }: { bucket: string }, ctx: ServerContext): Promise<CallToolResult> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Purge ${bucket}?`,
    requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
  });
  return { content: [{ type: 'text', text: answer.action }] };
}

server.registerTool('purge_a', { inputSchema: z.object({ bucket: z.string() }) }, purge);
server.registerTool('purge_b', { inputSchema: z.object({ bucket: z.string() }) }, purge);
