import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  const result = textResult(text);
  // @mcp-mrtr-migrate result-built-elsewhere: result of tool handler echo is built elsewhere; add resultType: 'complete' where it is built
  return result;
});
