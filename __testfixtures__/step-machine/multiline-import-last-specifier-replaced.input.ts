// The SDK import is written over several lines and its last name, with no trailing comma, is
// the error class the rewrite removes: the new names take its place, the layout stays.
import {
  McpServer,
  UrlElicitationRequiredError
} from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'payments', version: '1.0.0' });

server.registerTool('confirm_payment', { inputSchema: z.object({ amount: z.number() }) }, async ({ amount }) => {
  if (amount > 1000) {
    throw new UrlElicitationRequiredError([
      { mode: 'url', message: `Approve the payment of ${amount}`, url: 'https://pay.example.com/approve', elicitationId: 'approve' },
    ]);
  }
  return { content: [{ type: 'text', text: `Paid ${amount}` }] };
});
