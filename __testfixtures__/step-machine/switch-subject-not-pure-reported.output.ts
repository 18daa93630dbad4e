import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'router', version: '1.0.0' });

let calls = 0;
function nextRoute(): string {
  calls += 1;
  return calls % 2 === 0 ? 'ask' : 'skip';
}

server.registerTool(
  'route',
  { description: 'Route a request', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    switch (nextRoute()) {
      case 'ask': {
        // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'route': the subject or a label of the switch around the question has side effects or may change between legs
        const answer = await ctx.mcpReq.elicitInput({
          message: `Route ${id}?`,
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        });
        return { content: [{ type: 'text', text: answer.action }] };
      }
      default:
        return { content: [{ type: 'text', text: 'skipped' }] };
    }
  },
);
