import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'iam-policies', version: '1.0.0' });

const PRIVILEGED = [/AdministratorAccess$/, /IAMFullAccess$/];

server.registerTool(
  'grant',
  { description: 'Grant a policy', inputSchema: z.object({ user: z.string(), policyArn: z.string() }) },
  async ({ user, policyArn }, ctx) => {
    if (PRIVILEGED.some((pattern) => pattern.test(policyArn))) {
      const approval = await ctx.mcpReq.elicitInput({
        message: `${policyArn} is privileged. Grant it to ${user}?`,
        requestedSchema: { type: 'object', properties: { approver: { type: 'string' } }, required: ['approver'] },
      });
      if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Not granted' }] };
    }
    return { content: [{ type: 'text', text: `Granted ${policyArn} to ${user}` }] };
  },
);
