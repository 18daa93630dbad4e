import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'ops', version: '1.0.0' });

type Send = ServerContext['mcpReq']['send'];

async function watchRollout(rolloutId: string, send: Send): Promise<void> {
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
  void watchRollout(service, ctx.mcpReq.send);
  return { content: [{ type: 'text', text: `Rollout of ${service} started` }] };
});
