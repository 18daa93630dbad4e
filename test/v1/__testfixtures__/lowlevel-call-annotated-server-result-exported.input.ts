// A tools/call handler declared to return the v1 catch-all ServerResult, exported: other modules
// may call it and read its result as a ServerResult, which this file does not show, so its type
// is not changed. The file stays v1, reported, until the handler says it returns a CallToolResult.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, type CallToolRequest, type ServerResult } from '@modelcontextprotocol/sdk/types.js';

export async function measure(request: CallToolRequest): Promise<ServerResult> {
  const input = String(request.params.arguments?.text ?? '');
  return { content: [{ type: 'text', text: `${input.length} characters` }] };
}

export function createServer(): Server {
  const server = new Server({ name: 'measure', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(CallToolRequestSchema, measure);
  return server;
}
