import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'deployer', version: '1.0.0' });

server.registerTool(
  'rollback',
  { description: 'Roll back a release', inputSchema: z.object({ release: z.string() }) },
  async ({ release }, ctx) => {
    try {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Roll back ${release}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept') {
        return { content: [{ type: 'text', text: 'Rollback skipped' }] };
      }
      return { content: [{ type: 'text', text: `Rolled back ${release}` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `Rollback failed: ${String(error)}` }], isError: true };
    }
  },
);
