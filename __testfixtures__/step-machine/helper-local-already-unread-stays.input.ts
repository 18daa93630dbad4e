// A helper local nothing read before the migration (left over from a removed log line) stays in the
// request builder as written: dropping it would leave the value it reads unread instead.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'nodes', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const askedAt = new Date();
  const askedAtText = askedAt.toISOString();
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

server.registerTool('drain_node', { description: 'Drain a node', inputSchema: z.object({ node: z.string() }) }, async ({ node }, ctx) => {
  if (!(await confirm(ctx, `Drain ${node}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
  return { content: [{ type: 'text', text: `Drained ${node}.` }] };
});
