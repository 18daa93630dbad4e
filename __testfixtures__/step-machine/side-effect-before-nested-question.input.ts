import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'deployer', version: '1.0.0' });

export const log: string[] = [];

async function planRelease(service: string): Promise<{ version: string; risky: boolean }> {
  log.push(`planned ${service}`);
  return { version: '1.2.3', risky: true };
}

server.registerTool(
  'release',
  { description: 'Release a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    try {
      const plan = await planRelease(service);
      if (plan.risky) {
        const confirm = await ctx.mcpReq.elicitInput({
          message: `Release ${plan.version} of ${service}? It is marked risky.`,
          requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
        });
        if (confirm.action !== 'accept' || confirm.content?.go !== true) {
          return { content: [{ type: 'text', text: 'Release cancelled' }] };
        }
      }
      log.push(`released ${service}@${plan.version}`);
      return { content: [{ type: 'text', text: `Released ${plan.version}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
