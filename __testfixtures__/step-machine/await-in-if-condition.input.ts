import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'cache', version: '1.0.0' });

export const cleared: string[] = [];

server.registerTool(
  'clear-cache',
  { description: 'Clear a cache namespace', inputSchema: z.object({ namespace: z.string() }) },
  async ({ namespace }, ctx) => {
    if ((await ctx.mcpReq.elicitInput({
      message: `Clear every entry in ${namespace}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    })).action === 'accept') {
      cleared.push(namespace);
      return { content: [{ type: 'text', text: `Cleared ${namespace}` }] };
    }
    return { content: [{ type: 'text', text: `Left ${namespace} alone` }] };
  },
);
