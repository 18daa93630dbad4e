import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'iam', version: '1.0.0' });

export const attached: string[] = [];

server.registerTool(
  'attach-policy',
  { description: 'Attach a policy to a user', inputSchema: z.object({ user: z.string(), policy: z.string() }) },
  async ({ user, policy }, ctx) => {
    try {
      if (policy.endsWith('AdministratorAccess')) {
        const approval = await ctx.mcpReq.elicitInput({
          message: `${policy} grants administrative access. Attach it to ${user}?`,
          requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
        });
        if (approval.action !== 'accept' || approval.content?.approve !== true) {
          return { content: [{ type: 'text', text: 'Policy not attached' }] };
        }
      }
      attached.push(`${policy} -> ${user}`);
      return { content: [{ type: 'text', text: `Attached ${policy} to ${user}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
