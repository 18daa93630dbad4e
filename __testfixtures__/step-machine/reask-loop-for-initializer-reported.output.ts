import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pins', version: '1.0.0' });

server.registerTool(
  'verify-pin',
  { description: 'Three attempts at a PIN', inputSchema: z.object({ account: z.string() }) },
  async ({ account }, ctx) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      // @mcp-mrtr-migrate push-in-loop: ctx.mcpReq.elicitInput in tool handler 'verify-pin' is made inside a for loop with an initializer, which would start the loop over on every retry
      const pin = await ctx.mcpReq.elicitInput({
        message: `PIN for ${account} (attempt ${attempt} of 3)`,
        requestedSchema: { type: 'object', properties: { pin: { type: 'string' } }, required: ['pin'] },
      });
      if (pin.action === 'accept' && pin.content?.pin === '1234') return { content: [{ type: 'text', text: 'Verified' }] };
    }
    return { content: [{ type: 'text', text: 'Locked' }] };
  },
);
