import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer(
  { name: 'options', version: '1.0.0' },
  {
    capabilities: { logging: {} },
    instructions: 'Ask before changing anything.',
  },
);

server.registerTool(
  'rename-user',
  { description: 'Rename a user', inputSchema: z.object({ userId: z.string() }) },
  async ({ userId }, ctx) => {
    const displayName = await ctx.mcpReq.elicitInput({
      message: `New display name for ${userId}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    if (displayName.action !== 'accept') return { content: [{ type: 'text', text: 'Unchanged' }] };
    return { content: [{ type: 'text', text: `${userId} is now ${String(displayName.content?.name)}` }] };
  },
);
