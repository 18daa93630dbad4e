import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ServerContext as AskingContext } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'profiles', version: '1.0.0' });

async function askFullName(ctx: ServerContext): Promise<string> {
  const first = await ctx.mcpReq.elicitInput({
    message: 'First name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  });
  const last = await askAnything(ctx, {
    message: 'Last name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  });
  return `${String(first.content?.name)} ${String(last.content?.name)}`;
}

server.registerTool(
  'create_profile',
  { inputSchema: z.object({}) },
  async (_args, ctx) => {
    const name = await askFullName(ctx);
    return { content: [{ type: 'text', text: name }] };
  },
);

async function askAnything(c: AskingContext, question: Parameters<AskingContext['mcpReq']['elicitInput']>[0]) {
  return c.mcpReq.elicitInput(question);
}
