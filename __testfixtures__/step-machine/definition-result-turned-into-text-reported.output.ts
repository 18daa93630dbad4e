import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const tools = [
  {
    name: 'rotate_key',
    description: 'Rotate an API key',
    schema: { key: z.string() },
    handler: async ({ key }: { key: string }, ctx: ServerContext) => {
      // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput is in a request handler, but it is reached through tool.handler(…), and the registered handler does something with the result of tool.handler(…) other than returning it or holding it in a variable
      const answer = await ctx.mcpReq.elicitInput({
        message: `Rotate ${key}? Clients using it stop working.`,
        requestedSchema: { type: 'object', properties: { rotate: { type: 'boolean' } }, required: ['rotate'] },
      });
      return answer.action === 'accept' ? `${key} rotated` : `${key} kept`;
    },
  },
];

const server = new McpServer({ name: 'keys', version: '1.0.0' });

for (const tool of tools) {
  // The result goes straight into the text of the answer: an input request would become text.
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object(tool.schema) }, async (args, ctx) => ({
    content: [{ type: 'text', text: String(await tool.handler(args, ctx)) }],
  }));
}
