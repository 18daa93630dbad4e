// resources/list whose cursor comes from an API that answers null on the last page: v1 accepted
// any object as a result, v2's ListResourcesResult takes `nextCursor?: string` (undefined, not
// null). The cursor becomes `… ?? undefined`: a null cursor is left out, which is what the
// clients' schemas of both eras accept; the undefined it may also be needs nothing.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema } from '@modelcontextprotocol/sdk/types.js';

interface Page {
  items: { id: string; title: string }[];
  nextPageToken?: string | null;
}

declare function listFiles(pageToken: string | undefined): Promise<Page>;

export function createServer(): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { resources: {} } });
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const page = await listFiles(request.params?.cursor);
    return {
      resources: page.items.map((item) => ({ uri: `files:///${item.id}`, name: item.title })),
      nextCursor: page.nextPageToken,
    };
  });
  return server;
}
