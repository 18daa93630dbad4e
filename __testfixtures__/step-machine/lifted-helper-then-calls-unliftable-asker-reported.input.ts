import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

// Any question at all: its mode is only known at run time.
async function ask(ctx: ServerContext, question: Parameters<ServerContext['mcpReq']['elicitInput']>[0]) {
  return ctx.mcpReq.elicitInput(question);
}

async function askAssignee(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  if (ticket.startsWith('draft-')) return undefined;
  const answer = await ask(ctx, {
    message: `Who takes over ${ticket}?`,
    requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
  });
  return answer.action === 'accept' ? String(answer.content?.who) : undefined;
}

async function confirmClose(ctx: ServerContext, ticket: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Close ${ticket}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  });
  if (answer.action !== 'accept') return false;
  await askAssignee(ctx, ticket);
  return true;
}

server.registerTool(
  'close_ticket',
  { inputSchema: z.object({ ticket: z.string() }) },
  async ({ ticket }, ctx) => {
    const closed = await confirmClose(ctx, ticket);
    return { content: [{ type: 'text', text: closed ? 'closed' : 'kept open' }] };
  },
);
