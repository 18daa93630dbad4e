import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface ToolDefinition {
  name: string;
  schema: z.ZodRawShape;
  execute(args: Record<string, unknown>, extra: ServerContext): Promise<string>;
}

const TOOLS: ToolDefinition[] = [
  {
    name: 'drop_index',
    schema: { index: z.string() },
    async execute(args, extra) {
      // @mcp-mrtr-migrate push-unsupported-shape: extra.mcpReq.elicitInput is in a request handler, but it is reached through tool.execute(…), and the registered handler holds the result of tool.execute(…) in `text`, declared as string, which cannot hold an InputRequiredResult: declare it as string | InputRequiredResult
      const answer = await extra.mcpReq.elicitInput({
        message: `Drop index ${String(args.index)}?`,
        requestedSchema: { type: 'object', properties: { drop: { type: 'boolean' } }, required: ['drop'] },
      });
      return answer.action === 'accept' ? 'Dropped' : 'Kept';
    },
  },
];

const server = new McpServer({ name: 'search', version: '1.0.0' });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args, extra) => {
    // The variable's own type says the answer is text: an input request would not fit in it.
    const text: string = await tool.execute(args as Record<string, unknown>, extra);
    return { content: [{ type: 'text', text }] };
  });
}
