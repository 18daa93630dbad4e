import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'orders3', version: '1.0.0' });

export const audit: string[] = [];

server.registerTool(
  'place-order',
  { description: 'Place an order', inputSchema: z.object({ gift: z.boolean(), express: z.boolean() }) },
  async ({ gift, express }, ctx) => {
    // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'place-order': an earlier block that asks does not always return, so a retry for a later question would run it again
    const address = await ctx.mcpReq.elicitInput({
      message: 'Delivery address?',
      requestedSchema: { type: 'object', properties: { address: { type: 'string' } }, required: ['address'] },
    });
    if (gift) {
      // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'place-order': an earlier block that asks does not always return, so a retry for a later question would run it again
      const note = await ctx.mcpReq.elicitInput({
        message: 'Gift note?',
        requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
      });
      audit.push(`gift note: ${note.action}`);
    }
    if (express) {
      // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'place-order': an earlier block that asks does not always return, so a retry for a later question would run it again
      const slot = await ctx.mcpReq.elicitInput({
        message: 'Delivery slot?',
        requestedSchema: { type: 'object', properties: { slot: { type: 'string' } }, required: ['slot'] },
      });
      audit.push(`slot: ${slot.action}`);
    }
    return { content: [{ type: 'text', text: `Ordered to ${String(address.content?.address)}` }] };
  },
);
