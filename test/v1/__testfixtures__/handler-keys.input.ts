// Request handlers keyed the v1 way: by an imported schema, or by a schema literal that names its
// method (the shape v1 took for methods it had no schema for). v2 takes the method string; the
// schema imports that are no longer used go.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, SubscribeRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const subscriptions = new Set<string>();

export function register(mcp: McpServer): void {
  mcp.server.setRequestHandler(ListToolsRequestSchema, (): ListToolsResult => ({ tools: [] }));
  mcp.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  mcp.server.setRequestHandler(
    z.object({ method: z.literal('resources/unsubscribe') }).passthrough(),
    async (request: any) => {
      subscriptions.delete(request.params.uri);
      return {};
    },
  );
  mcp.server.setRequestHandler(z.object({ method: z.literal('logging/setLevel') }).passthrough(), async () => ({}));
  mcp.server.setRequestHandler(
    z.object({ method: z.literal('completion/complete') }).passthrough(),
    async () => ({ completion: { values: [], total: 0, hasMore: false } }),
  );
}
