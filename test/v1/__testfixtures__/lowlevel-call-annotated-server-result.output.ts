// A tools/call handler declared to return the v1 catch-all ServerResult. In v2 ServerResult is the
// union of every method's result, which the tools/call handler type does not accept. The function
// is this file's own and not exported, so its declared return type becomes v2's CallToolResult
// (what it returns is then checked against it, and fits), and the import only it used goes.
import { Server, type CallToolResult } from '@modelcontextprotocol/server';
import type { CallToolRequest } from '@modelcontextprotocol/server';

async function measure(request: CallToolRequest): Promise<CallToolResult> {
  const input = String(request.params.arguments?.text ?? '');
  return { content: [{ type: 'text', text: `${input.length} characters` }] };
}

export function createServer(): Server {
  const server = new Server({ name: 'measure', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', measure);
  return server;
}
