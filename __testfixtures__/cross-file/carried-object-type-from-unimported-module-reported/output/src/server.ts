import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { severityOf } from './levels.js';

const server = new McpServer({ name: 'deploys', version: '1.0.0' });

server.registerTool(
  'deploy',
  { description: 'Deploy a build', inputSchema: z.object({ size: z.number() }) },
  async ({ size }, ctx) => {
    // @mcp-mrtr-migrate state-value-any: severity in tool handler 'deploy' is live across the question and must travel in requestState, but its type names a type declared where the state type cannot see it (in a nested block or another function, or in a module this file does not import)
    const severity = severityOf(size);
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler deploy left as it was: severity cannot travel in requestState
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: `Deploy a ${severity.level} change?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'cancelled' }] };
    return { content: [{ type: 'text', text: `deployed (${severity.level}, ${severity.reviewers} reviewers)` }] };
  },
);

export { server };
