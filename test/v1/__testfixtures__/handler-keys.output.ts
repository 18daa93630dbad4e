// Request handlers keyed the v1 way: by an imported schema, or by a schema literal that names its
// method (the shape v1 took for methods it had no schema for). v2 takes the method string; the
// schema imports that are no longer used go.
import { McpServer } from '@modelcontextprotocol/server';
import type { ListToolsResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const subscriptions = new Set<string>();

export function register(mcp: McpServer): void {
  mcp.server.setRequestHandler('tools/list', (): ListToolsResult => ({ tools: [] }));
  mcp.server.setRequestHandler('resources/subscribe', async (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  mcp.server.setRequestHandler(
    'resources/unsubscribe',
    async (request: any) => {
      subscriptions.delete(request.params.uri);
      return {};
    },
  );
  mcp.server.setRequestHandler('logging/setLevel', async () => ({}));
  mcp.server.setRequestHandler(
    'completion/complete',
    async () => ({ completion: { values: [], total: 0, hasMore: false } }),
  );
}
