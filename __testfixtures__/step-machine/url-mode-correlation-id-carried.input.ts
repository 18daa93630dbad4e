import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'billing', version: '1.0.0' });
const connections = new Map<string, string>();

// The handler's own correlation id, named like the removed protocol field: it is used in the URL and
// after the answer, so it travels in the state; a second run must not take it for the protocol's.
server.registerTool(
  'connect-bank',
  { description: 'Connect a bank account through the bank website', inputSchema: z.object({ bank: z.string() }) },
  async ({ bank }, ctx) => {
    const elicitationId: string = randomUUID();
    const consent = await ctx.mcpReq.elicitInput({
      mode: 'url',
      message: `Sign in to ${bank} to connect your account`,
      url: `https://billing.example.com/connect/${encodeURIComponent(bank)}?session=${elicitationId}`,
      elicitationId,
    });
    if (consent.action !== 'accept') {
      return { content: [{ type: 'text', text: `${bank} not connected` }] };
    }
    connections.set(elicitationId, bank);
    return { content: [{ type: 'text', text: `Connecting ${bank}; finish in the browser` }] };
  },
);
