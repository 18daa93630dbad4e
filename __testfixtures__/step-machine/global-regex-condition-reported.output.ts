import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'iam-global', version: '1.0.0' });

// The g flag makes test() remember where it stopped: calling it again may answer differently.
const ADMIN = /Admin/g;

server.registerTool(
  'grant',
  { description: 'Grant a policy', inputSchema: z.object({ user: z.string(), policyArn: z.string() }) },
  async ({ user, policyArn }, ctx) => {
    if (ADMIN.test(policyArn)) {
      // @mcp-mrtr-migrate push-nested-block: ctx.mcpReq.elicitInput in tool handler 'grant': the condition of an if around the question has side effects or may change between legs
      const approval = await ctx.mcpReq.elicitInput({
        message: `${policyArn} is privileged. Grant it to ${user}?`,
        requestedSchema: { type: 'object', properties: { approver: { type: 'string' } }, required: ['approver'] },
      });
      if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Not granted' }] };
    }
    return { content: [{ type: 'text', text: `Granted ${policyArn} to ${user}` }] };
  },
);
