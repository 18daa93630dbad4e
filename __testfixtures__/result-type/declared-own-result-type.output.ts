import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';

// Results the server types itself: its own types have no resultType and no index signature, so
// an object literal of them cannot carry one (TS2353). The SDK stamps resultType on the wire.
type Reply = { content: { type: 'text'; text: string }[] };

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('declared', { description: 'Declares its own result type' }, async (): Promise<Reply> => {
  return { content: [{ type: 'text', text: 'declared' }] };
});

server.registerTool('checked', { description: 'Checks its result against its own type' }, async () => {
  return { content: [{ type: 'text', text: 'checked' }] } satisfies Reply;
});

server.registerTool('sdk-typed', { description: 'Declares the SDK result type' }, async (): Promise<CallToolResult> => {
  return { resultType: 'complete', content: [{ type: 'text', text: 'sdk' }] };
});
