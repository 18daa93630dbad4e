import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'reports', version: '1.0.0' });

server.registerResource(
  'report',
  new ResourceTemplate('reports://{year}', { list: undefined }),
  { mimeType: 'text/plain', description: 'Yearly report' },
  async (uri, { year }) => {
    const format = await server.server.elicitInput({
      message: `Which format for the ${String(year)} report?`,
      requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['short', 'full'] } }, required: ['format'] },
    });
    const full = format.action === 'accept' && format.content?.format === 'full';
    return { contents: [{ uri: uri.href, text: full ? `Full report ${String(year)}` : `Summary ${String(year)}` }] };
  },
);
