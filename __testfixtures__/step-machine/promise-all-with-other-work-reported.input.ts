import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'deployer', version: '1.0.0' });

async function loadPlan(service: string): Promise<{ version: string }> {
  return { version: `${service}-v2` };
}

server.registerTool(
  'deploy',
  { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    const [plan, answer] = await Promise.all([
      loadPlan(service),
      ctx.mcpReq.elicitInput({
        message: `Deploy ${service}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      }),
    ]);
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not deployed' }] };
    return { content: [{ type: 'text', text: `Deployed ${plan.version}` }] };
  },
);
