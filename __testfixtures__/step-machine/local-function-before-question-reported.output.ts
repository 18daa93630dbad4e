import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'formatter', version: '1.0.0' });

server.registerTool(
  'format-price',
  { description: 'Format a price', inputSchema: z.object({ cents: z.number() }) },
  async ({ cents }, ctx) => {
    function money(value: number, currency: string): string {
      return `${(value / 100).toFixed(2)} ${currency}`;
    }
    // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'format-price': a function or class declared in the handler body is used across the question
    const currency = await ctx.mcpReq.elicitInput({
      message: 'Which currency?',
      requestedSchema: { type: 'object', properties: { code: { type: 'string', enum: ['EUR', 'USD'] } }, required: ['code'] },
    });
    const code = currency.action === 'accept' ? String(currency.content?.code) : 'EUR';
    return { content: [{ type: 'text', text: money(cents, code) }] };
  },
);
