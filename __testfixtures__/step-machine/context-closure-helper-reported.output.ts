import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface ToolContext {
  confirm(message: string): Promise<boolean>;
}

function toolContext(ctx: ServerContext): ToolContext {
  return {
    confirm: async (message) => {
      // @mcp-mrtr-migrate framework-asking-api: ctx.mcpReq.elicitInput implements `confirm` of the object toolContext() returns: an asking API handed to other code, so whoever calls it asks the client. There is no handler here that could return inputRequired for that code, so it is not migrated; on 2026-07-28 the question throws
      const result = await ctx.mcpReq.elicitInput({
        message,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      return result.action === 'accept' && result.content?.confirm === true;
    },
  };
}

const tools = [
  {
    name: 'restart',
    async run(args: { service: string }, tctx: ToolContext): Promise<string> {
      return (await tctx.confirm(`Restart ${args.service}?`)) ? 'Restarted' : 'Cancelled';
    },
  },
];

const server = new McpServer({ name: 'kit', version: '1.0.0' });
for (const tool of tools) {
  server.registerTool(tool.name, { inputSchema: z.object({ service: z.string() }) }, async (args, ctx) => {
    return { content: [{ type: 'text', text: await tool.run(args, toolContext(ctx)) }] };
  });
}
