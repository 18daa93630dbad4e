import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'chains2', version: '1.0.0' });

async function paint(item: string, color: string): Promise<string> {
  return `${item} painted ${color}`;
}

server.registerTool(
  'paint',
  { description: 'Paint an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    // The callback gives a promise that await waits for: splitting here would not be exact.
    // @mcp-mrtr-migrate then-chain: ctx.mcpReq.elicitInput in tool handler 'paint' is consumed through .then(…) instead of await; it is not rewritten with await automatically because the .then callback may give a promise, which await would wait for
    const painted = await ctx.mcpReq
      .elicitInput({
        message: `Color for ${item}?`,
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      })
      .then((result) => paint(item, result.action === 'accept' ? String(result.content?.color) : 'black'));
    return { content: [{ type: 'text', text: painted }] };
  },
);
