import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'deploys', version: '1.0.0' });

const FROZEN = new Set(['payments']);

async function approveDeploy(ctx: ServerContext, service: string, environment: string, replicas: number): Promise<'yes' | 'no' | 'frozen'> {
  if (FROZEN.has(service)) return 'frozen';
  if (environment !== 'production') {
    if (replicas < 10) return 'yes';
  }
  const answer = await ctx.mcpReq.elicitInput({
    message: `Deploy ${service} to ${environment} with ${replicas} replicas?`,
    requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
  });
  return answer.action === 'accept' && answer.content?.approve === true ? 'yes' : 'no';
}

server.registerTool(
  'deploy',
  { description: 'Deploy a service', inputSchema: z.object({ service: z.string(), environment: z.string(), replicas: z.number() }) },
  async ({ service, environment, replicas }, ctx) => {
    const approval = await approveDeploy(ctx, service, environment, replicas);
    if (approval === 'frozen') return { content: [{ type: 'text', text: `${service} is frozen` }] };
    if (approval === 'no') return { content: [{ type: 'text', text: 'Deploy cancelled' }] };
    return { content: [{ type: 'text', text: `Deployed ${service} to ${environment}` }] };
  },
);
