import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'destructured', version: '1.0.0' });

server.registerTool(
  'pick-theme',
  { description: 'Pick a UI theme', inputSchema: z.object({ app: z.string() }) },
  async ({ app }, { mcpReq }) => {
    const theme = await mcpReq.elicitInput({
      message: `Theme for ${app}?`,
      requestedSchema: { type: 'object', properties: { theme: { type: 'string', enum: ['light', 'dark'] } }, required: ['theme'] },
    });
    return { content: [{ type: 'text', text: theme.action === 'accept' ? String(theme.content?.theme) : 'light' }] };
  },
);
