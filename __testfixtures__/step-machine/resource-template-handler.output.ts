import { McpServer, ResourceTemplate, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'reports', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ReportState = { step: 'format' };
server.registerResource(
  'report',
  new ResourceTemplate('reports://{year}', { list: undefined }),
  { mimeType: 'text/plain', description: 'Yearly report' },
  async (uri, { year }, ctx) => {
    let state = await mrtrState.resume<ReportState>(ctx, uri.href, { year });
    state ??= { step: 'format' };
    const formatRequest: ElicitRequestFormParams = {
      message: `Which format for the ${String(year)} report?`,
      requestedSchema: { type: 'object', properties: { format: { type: 'string', enum: ['short', 'full'] } }, required: ['format'] },
    };
    const format = elicitAnswer(ctx, 'format', formatRequest);
    if (format === undefined) {
      return inputRequired({
        inputRequests: {
          format: inputRequired.elicit(formatRequest),
        },
        requestState: await mrtrState.mint(ctx, uri.href, { year }, state),
      });
    }
    const full = format.action === 'accept' && format.content?.format === 'full';
    return { contents: [{ uri: uri.href, text: full ? `Full report ${String(year)}` : `Summary ${String(year)}` }] };
  },
);
