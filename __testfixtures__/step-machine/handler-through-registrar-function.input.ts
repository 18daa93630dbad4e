import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const PurgeInput = z.object({ bucket: z.string() });
type PurgeArgs = z.infer<typeof PurgeInput>;

/** Every tool of this server takes the same input shape. */
function addTool(server: McpServer, name: string, handler: (args: PurgeArgs, ctx: ServerContext) => Promise<CallToolResult>): void {
  server.registerTool(name, { description: name, inputSchema: PurgeInput }, handler);
}

async function purgeBucket({ bucket }: PurgeArgs, ctx: ServerContext): Promise<CallToolResult> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Purge every object in ${bucket}?`,
    requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
  });
  if (answer.action !== 'accept' || answer.content?.purge !== true) {
    return { content: [{ type: 'text', text: `${bucket} kept` }] };
  }
  return { content: [{ type: 'text', text: `${bucket} purged` }] };
}

const server = new McpServer({ name: 'storage', version: '1.0.0' });
addTool(server, 'purge_bucket', purgeBucket);
