// A helper declares a type before its question and uses it after: the lifted helper's outcome
// repeats the declaration (a type costs nothing at run time), its request builder, which does not
// use it, leaves it out (an unused type alias fails noUnusedLocals).
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'releases', version: '1.0.0' });

async function confirmRelease(ctx: ServerContext, version: string): Promise<string> {
  type Channel = 'stable' | 'beta';
  const answer = await ctx.mcpReq.elicitInput({
    message: `Publish ${version}?`,
    requestedSchema: { type: 'object', properties: { beta: { type: 'boolean' } } },
  });
  const channel: Channel = answer.content?.beta === true ? 'beta' : 'stable';
  return answer.action === 'accept' ? channel : 'none';
}

server.registerTool('publish', { inputSchema: z.object({ version: z.string() }) }, async ({ version }, ctx) => {
  const channel = await confirmRelease(ctx, version);
  return { content: [{ type: 'text', text: `Channel: ${channel}` }] };
});
