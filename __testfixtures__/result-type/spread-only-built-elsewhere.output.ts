import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

const cached = new Map<string, { content: { type: 'text'; text: string }[] }>();

server.registerTool('cached', { inputSchema: z.object({ key: z.string() }) }, async ({ key }) => {
  const hit = cached.get(key) ?? { content: [{ type: 'text' as const, text: 'miss' }] };
  // @mcp-mrtr-migrate result-built-elsewhere: result of tool handler cached is built elsewhere; add resultType: 'complete' where it is built
  return { ...hit };
});
