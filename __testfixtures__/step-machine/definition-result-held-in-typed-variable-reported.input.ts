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
