import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Every tool of this server is a definition; one loop registers them all. */
interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodRawShape;
  handler: (args: Record<string, string>, ctx: ServerContext) => Promise<unknown>;
}

const TOOLS: ToolDefinition[] = [
  {
    name: 'list_buckets',
    description: 'List the buckets',
    inputSchema: {},
    handler: async () => ['logs', 'media'],
  },
  {
    name: 'empty_bucket',
    description: 'Delete every object in a bucket',
    inputSchema: { bucket: z.string() },
    handler: async ({ bucket }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Delete every object in ${bucket}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return { emptied: false, bucket };
      return { emptied: true, bucket };
    },
  },
];

const server = new McpServer({ name: 'storage', version: '1.0.0' });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object(tool.inputSchema) }, async (args, ctx) => {
    const result = await tool.handler(args as Record<string, string>, ctx);
    // Tools answer with data; the loop turns it into text.
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
}
