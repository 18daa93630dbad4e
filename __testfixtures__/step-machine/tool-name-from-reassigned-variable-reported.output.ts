import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'janitor', version: '1.0.0' });

// The name is read when the tool is registered; the variable changes afterwards.
let toolName = 'purge_cache';
server.registerTool(toolName, { inputSchema: z.object({ region: z.string() }) }, async ({ region }, ctx) => {
  // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler: the name it is registered under (toolName) may not have the same value when the handler runs again, so the state cannot be bound to it
  const answer = await ctx.mcpReq.elicitInput({
    message: `Purge the cache of ${region}?`,
    requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? `${region} purged` : `${region} kept` }] };
});
toolName = 'purge_logs';
