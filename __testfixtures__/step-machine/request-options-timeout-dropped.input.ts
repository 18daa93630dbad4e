import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'approvals', version: '1.0.0' });

server.registerTool(
  'approve-expense',
  { description: 'Ask for expense approval', inputSchema: z.object({ amount: z.number() }) },
  async ({ amount }, ctx) => {
    const approval = await ctx.mcpReq.elicitInput(
      {
        message: `Approve an expense of ${amount} EUR?`,
        requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
      },
      { timeout: 5000 },
    );
    const approved = approval.action === 'accept' && approval.content?.approve === true;
    return { content: [{ type: 'text', text: approved ? 'Approved' : 'Not approved' }] };
  },
);
