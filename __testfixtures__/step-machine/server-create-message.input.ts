import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'translator', version: '1.0.0' });

server.registerTool(
  'translate',
  { description: 'Translate text with the client model', inputSchema: z.object({ text: z.string(), to: z.string() }) },
  async ({ text, to }, ctx) => {
    const translation = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Translate to ${to}:\n${text}` } }],
      systemPrompt: 'You are a precise translator.',
      maxTokens: 400,
    });
    const content = Array.isArray(translation.content) ? translation.content[0] : translation.content;
    return { content: [{ type: 'text', text: content?.type === 'text' ? content.text : '' }] };
  },
);
