import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'admin', version: '1.0.0' });

type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult>;

/** Checks the caller's scope before running the handler. */
function withScope(scope: string) {
  return <A>(handler: Handler<A>): Handler<A> => async (args, ctx) => {
    if (!ctx.http?.authInfo?.scopes.includes(scope)) return { isError: true, content: [{ type: 'text', text: `${scope} required` }] };
    return handler(args, ctx);
  };
}

server.registerTool(
  'drop_user',
  { inputSchema: z.object({ user: z.string() }) },
  withScope('admin')(async ({ user }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Drop ${user}?`,
      requestedSchema: { type: 'object', properties: { drop: { type: 'boolean' } }, required: ['drop'] },
    });
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `Dropped ${user}` : 'Kept' }] };
  }),
);
