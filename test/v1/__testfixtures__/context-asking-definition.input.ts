// A tool definition whose handler receives the v1 `extra` through a type it does not name (its
// context is typed by the definition's type, here or in another module): it asks with
// `extra.sendRequest({ method: 'elicitation/create' }, …)` or notifies with
// `extra.sendNotification({ method: 'notifications/…' })`, which only v1's handler context does,
// so `extra` is the context and every v1 key becomes its v2 path. A `sendRequest` that asks the
// client nothing (another protocol's connection) stays as it was.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ElicitResultSchema, type CallToolResult, type ServerNotification, type ServerRequest, type Tool } from '@modelcontextprotocol/sdk/types.js';

type Definition = Tool & {
  handler: (args: Record<string, unknown>, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<CallToolResult>;
};

export const confirmDelete: Definition = {
  name: 'confirm-delete',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
  handler: async (args, extra) => {
    const answer = await extra.sendRequest(
      { method: 'elicitation/create', params: { message: `Delete ${String(args.id)}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } } },
      ElicitResultSchema,
    );
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: answer.action } });
    return { content: [{ type: 'text', text: answer.action }] };
  },
};

export const archive: Definition = {
  name: 'archive',
  inputSchema: { type: 'object', properties: {} },
  handler: async (_args, extra) => {
    await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: String(extra.requestId), progress: 1 } });
    return { content: [{ type: 'text', text: extra.signal.aborted ? 'aborted' : 'archived' }] };
  },
};

export async function forward(connection: { sendRequest(method: string, params: unknown): Promise<unknown> }): Promise<unknown> {
  return connection.sendRequest('workspace/configuration', {});
}
