import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'regions', version: '1.0.0' });

server.registerTool(
  'pick-region',
  { description: 'Pick a deployment region', inputSchema: z.object({ app: z.string() }) },
  async ({ app }, ctx) => {
    const continent = await ctx.mcpReq.elicitInput({
      message: `Where should ${app} run?`,
      requestedSchema: {
        type: 'object',
        properties: { continent: { type: 'string', enum: ['eu', 'us'] } },
        required: ['continent'],
      },
    });
    if (continent.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No region picked' }] };
    }
    const choice = String(continent.content?.continent);
    const region = await ctx.mcpReq.elicitInput({
      message: `Which ${choice} region?`,
      requestedSchema: {
        type: 'object',
        properties: { region: { type: 'string', enum: choice === 'eu' ? ['eu-west', 'eu-central'] : ['us-east', 'us-west'] } },
        required: ['region'],
      },
    });
    if (region.action !== 'accept') {
      return { content: [{ type: 'text', text: `Continent ${choice} kept, no region` }] };
    }
    return { content: [{ type: 'text', text: `${app} runs in ${String(region.content?.region)}` }] };
  },
);
