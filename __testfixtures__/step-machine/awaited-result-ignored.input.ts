import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notices', version: '1.0.0' });

server.registerTool(
  'show-terms',
  { description: 'Show the terms before continuing', inputSchema: z.object({ version: z.string() }) },
  async ({ version }, ctx) => {
    await ctx.mcpReq.elicitInput({
      message: `Terms ${version} changed. Press OK to continue.`,
      requestedSchema: { type: 'object', properties: {} },
    });
    return { content: [{ type: 'text', text: `Terms ${version} shown` }] };
  },
);
