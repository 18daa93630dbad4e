import { McpServer, type CallToolRequest, type CallToolResult, type ServerContext, type Tool, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

/** A tool as this server describes it: JSON schema for tools/list, a handler for tools/call. */
type ToolWithHandler = {
  name: string;
  inputSchema: Tool['inputSchema'];
  handler: (args: Record<string, unknown> | undefined, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>;
};

type RenameRepositoryState = { step: 'name' };
const RENAME_REPOSITORY: ToolWithHandler = {
  name: 'rename_repository',
  inputSchema: { type: 'object', properties: { repository: { type: 'string' } }, required: ['repository'] },
  handler: async (args, ctx) => {
    const repository = String(args?.repository ?? '');
    let state = await mrtrState.resume<RenameRepositoryState>(ctx, 'rename_repository', args);
    state ??= { step: 'name' };
    const nameRequest: ElicitRequestFormParams = {
      message: `New name for ${repository}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    };
    const answer = elicitAnswer(ctx, 'name', nameRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit(nameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'rename_repository', args, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Rename cancelled' }] };
    return { content: [{ type: 'text', text: `${repository} is now ${String(answer.content?.name)}` }] };
  },
};

const ARCHIVE_REPOSITORY: ToolWithHandler = {
  name: 'archive_repository',
  inputSchema: { type: 'object', properties: { repository: { type: 'string' } }, required: ['repository'] },
  handler: async (args) => ({ content: [{ type: 'text', text: `${String(args?.repository)} archived` }] }),
};

const TOOLS: Record<string, ToolWithHandler> = {
  [RENAME_REPOSITORY.name]: RENAME_REPOSITORY,
  [ARCHIVE_REPOSITORY.name]: ARCHIVE_REPOSITORY,
};

const { server } = new McpServer({ name: 'repositories', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {} } });

server.setRequestHandler('tools/list', async () => ({
  tools: Object.values(TOOLS).map(({ name, inputSchema }) => ({ name, inputSchema })),
}));

server.setRequestHandler('tools/call', async (request: CallToolRequest, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> => {
  const tool = TOOLS[request.params.name];
  if (!tool) throw new Error(`Unknown tool: ${request.params.name}`);
  try {
    return await tool.handler(request.params.arguments, ctx);
  } catch (error) {
    throw new Error(`Tool execution failed: ${error instanceof Error ? error.message : String(error)}`);
  }
});
