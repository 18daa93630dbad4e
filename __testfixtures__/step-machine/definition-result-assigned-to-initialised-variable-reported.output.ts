import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

type ToolRun = (args: Record<string, unknown>, extra: ServerContext) => Promise<string>;

const TOOLS: { name: string; schema: z.ZodRawShape; run: ToolRun }[] = [
  {
    name: 'revoke_token',
    schema: { token: z.string() },
    run: async (args, extra) => {
      // @mcp-mrtr-migrate push-unsupported-shape: extra.mcpReq.elicitInput is in a request handler, but it is reached through tool.run(…), and the registered handler holds the result of tool.run(…) in `text`, whose type comes from its initializer (`'failed'`) and cannot hold an InputRequiredResult: declare it with its type and InputRequiredResult (`: T | InputRequiredResult`)
      const answer = await extra.mcpReq.elicitInput({
        message: `Revoke ${String(args.token)}?`,
        requestedSchema: { type: 'object', properties: { revoke: { type: 'boolean' } }, required: ['revoke'] },
      });
      return answer.action === 'accept' ? 'Revoked' : 'Kept';
    },
  },
];

const server = new McpServer({ name: 'tokens', version: '1.0.0' });
const audit: string[] = [];

for (const tool of TOOLS) {
  server.registerTool(tool.name, { inputSchema: z.object(tool.schema) }, async (args, extra) => {
    // The variable is a string from its first value: the audit line reads it whatever happens.
    let text = 'failed';
    try {
      text = await tool.run(args as Record<string, unknown>, extra);
    } finally {
      audit.push(`${tool.name}: ${text}`);
    }
    return { content: [{ type: 'text', text }] };
  });
}
