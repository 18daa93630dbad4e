import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'builder', version: '1.0.0' });

server.registerTool(
  'start-build',
  { description: 'Start a build', inputSchema: z.object({ target: z.string() }) },
  async ({ target }, ctx) => {
    // @mcp-mrtr-migrate push-not-awaited: ctx.mcpReq.elicitInput in tool handler 'start-build' is not awaited (fire-and-forget)
    void ctx.mcpReq.elicitInput({
      message: `Build of ${target} started. Rate this tool?`,
      requestedSchema: { type: 'object', properties: { stars: { type: 'integer' } } },
    });
    return { content: [{ type: 'text', text: `Building ${target}` }] };
  },
);
