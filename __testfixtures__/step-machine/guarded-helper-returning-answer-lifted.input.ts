import { McpServer, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

async function askPriority(ctx: ServerContext, title: string, priority: string | undefined): Promise<ElicitResult | undefined> {
  if (priority !== undefined) return undefined;
  return await ctx.mcpReq.elicitInput({
    message: `Priority for "${title}"?`,
    requestedSchema: { type: 'object', properties: { priority: { type: 'string', enum: ['low', 'high'] } }, required: ['priority'] },
  });
}

server.registerTool(
  'open_ticket',
  { description: 'Open a ticket', inputSchema: z.object({ title: z.string(), priority: z.string().optional() }) },
  async ({ title, priority }, ctx) => {
    const picked = await askPriority(ctx, title, priority);
    const chosen = picked?.action === 'accept' ? String(picked.content?.priority) : (priority ?? 'low');
    return { content: [{ type: 'text', text: `Opened "${title}" (${chosen})` }] };
  },
);
