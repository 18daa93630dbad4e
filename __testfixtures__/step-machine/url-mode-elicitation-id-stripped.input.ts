import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

server.registerTool(
  'connect-bank',
  { description: 'Connect a bank account through the bank website', inputSchema: z.object({ bank: z.string() }) },
  async ({ bank }, ctx) => {
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Sign in to ${bank} to connect your account`,
      url: `https://billing.example.com/connect/${encodeURIComponent(bank)}`,
      elicitationId: randomUUID(),
    });
    if (consent.action !== 'accept') {
      return { content: [{ type: 'text', text: `${bank} not connected` }] };
    }
    return { content: [{ type: 'text', text: `Connecting ${bank}; finish in the browser` }] };
  },
);
