import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'ops', version: '1.0.0' });

type Send = ServerContext['mcpReq']['send'];

async function watchRollout(rolloutId: string, send: Send): Promise<void> {
  // @mcp-mrtr-migrate push-in-callback: send in watchRollout() calls a request function it was given as a value (parameter send); the migration cannot follow it back to a handler
  const answer = await send({
    method: 'elicitation/create',
    params: {
      message: `Rollout ${rolloutId} paused. Continue?`,
      requestedSchema: { type: 'object', properties: { resume: { type: 'boolean' } }, required: ['resume'] },
    },
  });
  console.log(rolloutId, answer.action);
}

server.registerTool('start_rollout', { inputSchema: z.object({ service: z.string() }) }, async ({ service }, ctx) => {
  // @mcp-mrtr-migrate push-in-callback: ctx.mcpReq.send in tool handler 'start_rollout' is passed on or stored as a value
  // @mcp-mrtr-migrate push-not-awaited: watchRollout() (asks through send) in tool handler 'start_rollout' is not awaited (fire-and-forget)
  void watchRollout(service, ctx.mcpReq.send);
  return { content: [{ type: 'text', text: `Rollout of ${service} started` }] };
});
