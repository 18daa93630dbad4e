// A tool definition whose handler receives the v1 `extra` through a type it does not name (its
// context is typed by the definition's type, here or in another module): it asks with
// `extra.sendRequest({ method: 'elicitation/create' }, …)` or notifies with
// `extra.sendNotification({ method: 'notifications/…' })`, which only v1's handler context does,
// so `extra` is the context and every v1 key becomes its v2 path. A `sendRequest` that asks the
// client nothing (another protocol's connection) stays as it was.
import { ElicitResultSchema } from '@modelcontextprotocol/core';
import type { CallToolResult, Tool, ServerContext } from '@modelcontextprotocol/server';

// @mcp-mrtr-migrate sdk-upgrade: extra: RequestHandlerExtra<ServerRequest, ServerNotification> types the context of the functions this signature describes, declared elsewhere; the upgrade makes it v2's context (ServerContext). It rewrites the context of such a function where it sends with extra.sendRequest or extra.sendNotification; one that only reads signal, requestId, authInfo, sessionId or _meta is not found from here, and its v1 reads would not compile on v2
type Definition = Tool & {
  handler: (args: Record<string, unknown>, extra: ServerContext) => Promise<CallToolResult>;
};

export const confirmDelete: Definition = {
  name: 'confirm-delete',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  handler: async (args, ctx) => {
    const answer = await ctx.mcpReq.send(
      { method: 'elicitation/create', params: { message: `Delete ${String(args.id)}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } } },
      ElicitResultSchema,
    );
    await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: answer.action } });
    return { content: [{ type: 'text', text: answer.action }] };
  },
};

export const archive: Definition = {
  name: 'archive',
  inputSchema: { type: 'object', properties: {} },
  handler: async (_args, ctx) => {
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: String(ctx.mcpReq.id), progress: 1 } });
    return { content: [{ type: 'text', text: ctx.mcpReq.signal.aborted ? 'aborted' : 'archived' }] };
  },
};

export async function forward(connection: { sendRequest(method: string, params: unknown): Promise<unknown> }): Promise<unknown> {
  return connection.sendRequest('workspace/configuration', {});
}
