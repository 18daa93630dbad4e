import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'accounts', version: '1.0.0' });

server.registerTool(
  'create-account',
  { description: 'Create an account in a team', inputSchema: z.object({ team: z.string() }) },
  async ({ team }, ctx) => {
    const userName = await ctx.mcpReq.elicitInput({
      message: 'Your user name',
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
    });
    const newsletter = await ctx.mcpReq.elicitInput({
      message: 'Subscribe to the newsletter?',
      requestedSchema: { type: 'object', properties: { subscribe: { type: 'boolean' } }, required: ['subscribe'] },
    });
    if (userName.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No account created' }] };
    }
    const subscribed = newsletter.action === 'accept' && newsletter.content?.subscribe === true;
    return { content: [{ type: 'text', text: `Created ${String(userName.content?.name)} in ${team}${subscribed ? ' (subscribed)' : ''}` }] };
  },
);
