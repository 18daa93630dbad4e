import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'inventory', version: '1.0.0' });

interface Item {
  sku: string;
  owner?: { name: string; email: string };
  seen: number;
}

const inventory = new Map<string, Item>();

server.registerTool(
  'release-item',
  { description: 'Release an item from its owner', inputSchema: z.object({ name: z.string() }) },
  async ({ name }, ctx) => {
    inventory.set(name, { sku: name, seen: 0 });
    const item = inventory.get(name);
    if (!item || !item.owner) return { isError: true, content: [{ type: 'text', text: `${name} is not checked out` }] };
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'release-item': item holds an object kept in inventory, which may change between the legs of a call, and the code after the question changes item in place: a copy carried in requestState would take that change instead of inventory, and looking item up again on the retry would skip its check, which comes after other code before the question
    const answer = await ctx.mcpReq.elicitInput({
      message: `Release ${item.sku} from ${item.owner.name}?`,
      requestedSchema: { type: 'object', properties: { release: { type: 'boolean' } }, required: ['release'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
    item.owner = undefined;
    return { content: [{ type: 'text', text: `Released ${item.sku}` }] };
  },
);
