import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'greeter', version: '1.0.0' });

server.registerTool(
  'greet',
  {
    description: 'Greet the user by name',
    inputSchema: z.object({ greeting: z.string() }),
  },
  async ({ greeting }, ctx) => {
    const nickname = await ctx.mcpReq.elicitInput({
      message: 'What should I call you?',
      requestedSchema: { type: 'object', properties: { nickname: { type: 'string', minLength: 1 } }, required: ['nickname'] },
    });
    const who = nickname.action === 'accept' ? String(nickname.content?.nickname) : 'stranger';
    return { content: [{ type: 'text', text: `${greeting}, ${who}!` }] };
  },
);
