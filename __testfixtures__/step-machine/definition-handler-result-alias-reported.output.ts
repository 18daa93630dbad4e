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
      // @mcp-mrtr-migrate push-unsupported-shape: extra.mcpReq.elicitInput is in a request handler, but it is reached through tool.callback(…), which cannot be changed to let its answer through: its declared type ((args: Record<string, unknown>, extra: ServerContext) => ToolReply) returns ToolReply, which cannot be widened to admit InputRequiredResult here: declare its result as Promise<T | InputRequiredResult>, T being what it resolves to now
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
