// resources/list whose cursor comes from an API that answers null on the last page: v1 accepted
// any object as a result, v2's ListResourcesResult takes `nextCursor?: string` (undefined, not
// null). The file stays v1, and the error names the null, not the undefined the cursor may also be.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema } from '@modelcontextprotocol/sdk/types.js';

interface Page {
  items: { id: string; title: string }[];
  nextPageToken?: string | null;
}

declare function listFiles(pageToken: string | undefined): Promise<Page>;

export function createServer(): Server {
  const server = new Server({ name: 'files', version: '1.0.0' }, { capabilities: { resources: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'resources/list', this handler would not compile in v2, which types its result as ListResourcesResult; what it returns does not match at `nextCursor` (`null` where v2 wants `string | undefined`) (v1 accepted any object as a result)
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const page = await listFiles(request.params?.cursor);
    return {
      resources: page.items.map((item) => ({ uri: `files:///${item.id}`, name: item.title })),
      nextCursor: page.nextPageToken,
    };
  });
  return server;
}
