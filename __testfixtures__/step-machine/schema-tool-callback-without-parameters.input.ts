import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'everything', version: '1.0.0' });

server.registerTool(
  'pick-color',
  { description: 'Ask for a favourite color', inputSchema: z.object({}) },
  async () => {
    const choice = await server.server.elicitInput({
      message: 'Favourite color?',
      requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    });
    return { content: [{ type: 'text', text: choice.action === 'accept' ? String(choice.content?.color) : 'none' }] };
  },
);
