import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'colors', version: '1.0.0' });

server.registerTool(
  'pick-color',
  { description: 'Pick a color for an item', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx): Promise<CallToolResult> => {
    const label = item.trim();
    return ctx.mcpReq
      .elicitInput({
        message: `Color for ${label}?`,
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      })
      .then((choice) => ({
        content: [{ type: 'text', text: choice.action === 'accept' ? `${label} in ${String(choice.content?.color)}` : `${label} unchanged` }],
      }));
  },
);
