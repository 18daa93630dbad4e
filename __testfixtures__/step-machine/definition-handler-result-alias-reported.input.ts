import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** What every tool callback resolves to: the text of its answer. */
type ToolReply = Promise<string>;

interface ToolDefinition {
  name: string;
  schema: z.ZodRawShape;
  callback: (args: Record<string, unknown>, extra: ServerContext) => ToolReply;
}

const TOOLS: ToolDefinition[] = [
  {
    name: 'close_account',
    schema: { account: z.string() },
    callback: async (args, extra) => {
      const answer = await extra.mcpReq.elicitInput({
        message: `Close ${String(args.account)}?`,
        requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
      });
      return answer.action === 'accept' ? 'Closed' : 'Still open';
    },
  },
];

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args, extra) => {
    const text = await tool.callback(args as Record<string, unknown>, extra);
    return { content: [{ type: 'text', text }] };
  });
}
