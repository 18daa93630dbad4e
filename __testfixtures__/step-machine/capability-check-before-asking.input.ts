import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'scheduler', version: '1.0.0' });

server.registerTool(
  'schedule-meeting',
  { description: 'Schedule a meeting', inputSchema: z.object({ topic: z.string() }) },
  async ({ topic }, ctx) => {
    const canAsk = server.server.getClientCapabilities()?.elicitation !== undefined;
    if (!canAsk) {
      return { content: [{ type: 'text', text: `Scheduled "${topic}" for tomorrow 10:00 (default)` }] };
    }
    const slot = await ctx.mcpReq.elicitInput({
      message: `When should "${topic}" take place?`,
      requestedSchema: { type: 'object', properties: { time: { type: 'string', format: 'date-time' } }, required: ['time'] },
    });
    if (slot.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not scheduled' }] };
    }
    return { content: [{ type: 'text', text: `Scheduled "${topic}" at ${String(slot.content?.time)}` }] };
  },
);
