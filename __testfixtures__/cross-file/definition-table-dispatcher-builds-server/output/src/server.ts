import { McpServer, type CallToolRequest, type ServerContext } from '@modelcontextprotocol/server';
import { AVAILABLE_TOOLS } from './tools/index.js';
import { mrtrState } from './mrtr-state.js';

export function createServer(): McpServer {
  const mcp = new McpServer({ name: 'ask', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {} } });
  mcp.server.setRequestHandler('tools/list', async () => ({ tools: Object.values(AVAILABLE_TOOLS) }));
  mcp.server.setRequestHandler('tools/call', async (request: CallToolRequest, extra: ServerContext) => {
    const tool = AVAILABLE_TOOLS[request.params.name];
    if (!tool) throw new Error(`Unknown tool: ${request.params.name}`);
    return tool.handler(request.params.arguments, extra);
  });
  return mcp;
}
