import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'inventory', version: '1.0.0' });

interface Item {
  sku: string;
  owner?: { name: string; email: string };
}

export const inventory = new Map<string, Item>();
export const audit: string[] = [];

server.registerTool(
  'notify-owner',
  { description: 'Send the owner of an item a reminder', inputSchema: z.object({ name: z.string() }) },
  async ({ name }, ctx) => {
    const item = inventory.get(name);
    audit.push(`reminder requested for ${name}`);
    if (!item?.owner) throw new Error(`${name} is not checked out`);
    const answer = await ctx.mcpReq.elicitInput({
      message: `Remind ${item.owner.name} about ${item.sku}?`,
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No reminder sent' }] };
    audit.push(`reminded ${item.owner.email}: ${String(answer.content?.note)}`);
    return { content: [{ type: 'text', text: `Reminded ${item.owner.name}` }] };
  },
);
