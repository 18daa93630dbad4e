import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

const audit: string[] = [];

server.registerTool(
  'create-account',
  { description: 'Create an account; asks for a username until a free one is given', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    const taken = ['admin', 'root'];
    let attempts = 0;
    let username = '';
    do {
      const choice = await ctx.mcpReq.elicitInput({
        message: attempts === 0 ? `Username for ${team}?` : `${username} is taken. Another username for ${team}?`,
        requestedSchema: { type: 'object', properties: { username: { type: 'string' } }, required: ['username'] },
      });
      if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'No account created' }] };
      username = String(choice.content?.username);
      attempts++;
      audit.push(`tried ${username}`);
    } while (taken.includes(username));
    const admin = await ctx.mcpReq.elicitInput({
      message: `Make ${username} an admin of ${team}?`,
      requestedSchema: { type: 'object', properties: { admin: { type: 'boolean' } }, required: ['admin'] },
    });
    const role = admin.action === 'accept' && admin.content?.admin === true ? 'admin' : 'member';
    return { content: [{ type: 'text', text: `${username} (${role}) after ${attempts} attempts` }] };
  },
);
