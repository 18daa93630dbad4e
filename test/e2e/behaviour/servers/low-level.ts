// A low-level tools/call handler set on the underlying Server, as servers that predate
// registerTool are written: tools/list and tools/call by hand.
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

export const effects: string[] = [];

async function countEntries(region: string): Promise<number> {
  effects.push(`count:${region}`);
  return region.length * 1000;
}

async function purge(region: string): Promise<void> {
  effects.push(`purge:${region}`);
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'cdn', version: '1.0.0' });
  server.server.registerCapabilities({ tools: {} });

  server.server.setRequestHandler('tools/list', async () => ({
    tools: [
      {
        name: 'purge-cache',
        description: 'Purge the CDN cache of a region',
        inputSchema: { type: 'object', properties: { region: { type: 'string' } }, required: ['region'] },
      },
    ],
  }));

  server.server.setRequestHandler('tools/call', async (request, ctx) => {
    if (request.params.name !== 'purge-cache') {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    }
    const region = String(request.params.arguments?.['region'] ?? 'eu');
    const entries = await countEntries(region);
    const answer = await ctx.mcpReq.elicitInput({
      message: `Purge ${entries} cached entries in ${region}?`,
      requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
    });
    if (answer.action !== 'accept' || answer.content?.purge !== true) {
      return { content: [{ type: 'text', text: `Cache of ${region} kept (${answer.action})` }] };
    }
    await purge(region);
    return { content: [{ type: 'text', text: `Purged ${entries} entries in ${region}` }] };
  });

  return server;
}
