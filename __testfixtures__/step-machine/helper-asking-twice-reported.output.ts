import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'profiles', version: '1.0.0' });

async function askNames(ctx: ServerContext): Promise<string> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askNames(), called by tool handler create_profile; it is not lifted into that handler because it asks 2 times
  const first = await ctx.mcpReq.elicitInput({
    message: 'First name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askNames(), called by tool handler create_profile; it is not lifted into that handler because it asks 2 times
  const last = await ctx.mcpReq.elicitInput({
    message: 'Last name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  return `${String(first.content?.name)} ${String(last.content?.name)}`;
}

server.registerTool(
  'create_profile',
  { description: 'Create a profile', inputSchema: z.object({}) },
  async (_args, ctx) => {
    const name = await askNames(ctx);
    return { content: [{ type: 'text', text: `Created ${name}` }] };
  },
);
