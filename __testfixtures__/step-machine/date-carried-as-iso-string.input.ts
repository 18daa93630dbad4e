import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'timesheets', version: '1.0.0' });

server.registerTool(
  'log-time',
  { description: 'Log working time', inputSchema: z.object({ project: z.string() }) },
  async ({ project }, ctx) => {
    const startedAt = new Date();
    const hours = await ctx.mcpReq.elicitInput({
      message: `Hours spent on ${project}?`,
      requestedSchema: { type: 'object', properties: { hours: { type: 'number', minimum: 0 } }, required: ['hours'] },
    });
    if (hours.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Nothing logged' }] };
    }
    return { content: [{ type: 'text', text: `Logged ${Number(hours.content?.hours)} h on ${project} at ${startedAt.toISOString()}` }] };
  },
);
