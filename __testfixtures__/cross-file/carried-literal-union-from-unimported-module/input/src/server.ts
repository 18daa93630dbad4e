import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { severityOf } from './levels.js';

const server = new McpServer({ name: 'deploys', version: '1.0.0' });

server.registerTool(
  'deploy',
  { description: 'Deploy a build', inputSchema: z.object({ size: z.number() }) },
  async ({ size }, ctx) => {
    const severity = severityOf(size);
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: `Deploy a ${severity} change?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
    return { content: [{ type: 'text', text: `deployed (${severity})` }] };
  },
);

export { server };
